import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/api/client';
import { quietGet } from '@/api/reads';
import { usePost } from '@/api/writes';
import { strictCall } from '@/features/goods/lib/apiError';
import { goodsKeys } from '@/features/goods/queries';

export const categoryKeys = {
  all: ['category'] as const,
  tree: () => [...categoryKeys.all, 'tree'] as const,
};

const P = {
  list: '/api/platform/getCategoryList',
  create: '/api/platform/createCategory',
  update: '/api/platform/updateCategory',
  remove: '/api/platform/deleteCategory',
  status: '/api/platform/changeCategoryStatus',
  sort: '/api/platform/setSort',
} as const;

/** The whole category tree (admin side). */
export function useCategoryTree() {
  return useQuery({
    queryKey: categoryKeys.tree(),
    queryFn: quietGet(P.list),
  });
}

function useInvalidateCategories() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: categoryKeys.all });
    // The editor's category choice lists enabled leaves only.
    void queryClient.invalidateQueries({ queryKey: goodsKeys.goodsClass() });
  };
}

export function useCreateCategory() {
  const invalidate = useInvalidateCategories();
  return usePost(P.create, { onSuccess: invalidate });
}

export function useUpdateCategory() {
  const invalidate = useInvalidateCategories();
  return usePost(P.update, { onSuccess: invalidate });
}

export function useDeleteCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: (id: number) => strictCall((options) => apiPost(P.remove, { id }, options)),
    onSettled: invalidate,
  });
}

export function useChangeCategoryStatus() {
  const invalidate = useInvalidateCategories();
  return usePost(P.status, { onSettled: invalidate });
}

export function useSetCategorySort() {
  const invalidate = useInvalidateCategories();
  return usePost(P.sort, { onSettled: invalidate });
}
