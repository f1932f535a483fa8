import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, type ApiBody, type ApiData } from '@/api/client';
import { useListRead } from '@/api/reads';
import { usePost } from '@/api/writes';
import { strictCall } from '@/features/merchants/lib/apiError';

export interface SubShopListParams {
  keyword?: string;
  status?: 'active' | 'disabled';
  page: number;
  page_size: number;
}
export type SubShopList = ApiData<'/api/backend/getSubShopList', 'get'>;
export type SubShopRow = SubShopList['list'][number];
export type SubShopDetail = ApiData<'/api/backend/getSubShopDetail', 'get'>;
export type SubShopAccount = SubShopDetail['accounts'][number];
export type CreateSubShopBody = ApiBody<'/api/backend/createSubShop', 'post'>;
export type UpdateSubShopBody = ApiBody<'/api/backend/updateSubShop', 'post'>;
export type CreateAccountBody = ApiBody<'/api/backend/createSubShopAccount', 'post'>;
export type UpdateAccountBody = ApiBody<'/api/backend/updateSubShopAccount', 'post'>;

export const subShopKeys = {
  all: ['subShops'] as const,
  lists: () => [...subShopKeys.all, 'list'] as const,
  list: (params: SubShopListParams) => [...subShopKeys.lists(), params] as const,
  details: () => [...subShopKeys.all, 'detail'] as const,
  detail: (id: number) => [...subShopKeys.details(), id] as const,
  options: () => [...subShopKeys.all, 'options'] as const,
};

const P = {
  list: '/api/backend/getSubShopList',
  detail: '/api/backend/getSubShopDetail',
  create: '/api/backend/createSubShop',
  update: '/api/backend/updateSubShop',
  createAccount: '/api/backend/createSubShopAccount',
  updateAccount: '/api/backend/updateSubShopAccount',
} as const;

export function useSubShopList(params: SubShopListParams) {
  return useListRead(subShopKeys.list(params), P.list, params);
}

export function useSubShopDetail(id: number | null) {
  return useQuery({
    queryKey: subShopKeys.detail(id ?? 0),
    queryFn: () => strictCall((options) => apiGet(P.detail, { id: id ?? 0 }, options)),
    enabled: id !== null,
  });
}

/** Lists, pickers (getSubShopOptions elsewhere) and the touched detail all change with a write. */
function useInvalidateSubShops() {
  const queryClient = useQueryClient();
  return (id?: number) => {
    void queryClient.invalidateQueries({ queryKey: subShopKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: subShopKeys.options() });
    if (id !== undefined) void queryClient.invalidateQueries({ queryKey: subShopKeys.detail(id) });
  };
}

export function useCreateSubShop() {
  const invalidate = useInvalidateSubShops();
  return usePost(P.create, { onSuccess: (row) => invalidate(row.id) });
}

export function useUpdateSubShop() {
  const invalidate = useInvalidateSubShops();
  return usePost(P.update, { onSuccess: (_row, body) => invalidate(body.id) });
}

export function useCreateSubShopAccount() {
  const invalidate = useInvalidateSubShops();
  return usePost(P.createAccount, { onSuccess: (_account, body) => invalidate(body.sub_shop_id) });
}

/** `subShopId` only says which detail to refresh; the call itself takes the account id. */
export function useUpdateSubShopAccount(subShopId: number) {
  const invalidate = useInvalidateSubShops();
  return usePost(P.updateAccount, { onSuccess: () => invalidate(subShopId) });
}
