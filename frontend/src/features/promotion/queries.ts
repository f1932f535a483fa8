import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost, type ApiBody, type ApiData, type ApiQuery } from '@/api/client';
import { quietGet, useListRead } from '@/api/reads';
import { strictCall } from '@/lib/apiError';

export type ShareLinkPage = ApiData<'/api/general/shareLinkList', 'get'>;
export type ShareLinkRow = ShareLinkPage['list'][number];
export type ShareLinkDetail = ApiData<'/api/general/getShareLink', 'get'>;
export type ShareLinkOptions = ApiData<'/api/platform/getShareLinkMap', 'get'>;
export type ShareOrderPage = ApiData<'/api/general/shareUserOrderList', 'get'>;
export type ShareLinkListQuery = NonNullable<ApiQuery<'/api/general/shareLinkList', 'get'>>;
export type ShareLinkBody = ApiBody<'/api/general/shareLink', 'post'>;
export type MiniProgramScheme = ApiData<'/api/general/front/wxGenerateScheme', 'post'>;

const P = {
  list: '/api/general/shareLinkList',
  detail: '/api/general/getShareLink',
  options: '/api/platform/getShareLinkMap',
  orders: '/api/general/shareUserOrderList',
  create: '/api/general/shareLink',
  edit: '/api/general/editShareLink',
  remove: '/api/general/delShareLink',
  scheme: '/api/general/front/wxGenerateScheme',
} as const;

export const shareLinkKeys = {
  all: ['shareLinks'] as const,
  lists: () => [...shareLinkKeys.all, 'list'] as const,
  list: (query: ShareLinkListQuery) => [...shareLinkKeys.lists(), query] as const,
  details: () => [...shareLinkKeys.all, 'detail'] as const,
  detail: (id: number) => [...shareLinkKeys.details(), id] as const,
  options: () => [...shareLinkKeys.all, 'options'] as const,
  orders: (id: number, page: number) => [...shareLinkKeys.all, 'orders', id, page] as const,
};

/** The links this session may see, each with its visits, orders and deal value. */
export function useShareLinks(query: ShareLinkListQuery) {
  return useListRead(shareLinkKeys.list(query), P.list, query);
}

/** One link with its QR picture. */
export function useShareLink(id: number | null) {
  return useQuery({
    queryKey: shareLinkKeys.detail(id ?? 0),
    queryFn: quietGet(P.detail, { id: id ?? 0 }),
    enabled: id !== null,
  });
}

/** The form's choices: the shop's channels, landings, and whom a link may be attributed to. */
export function useShareLinkOptions(enabled = true) {
  return useQuery({
    queryKey: shareLinkKeys.options(),
    queryFn: quietGet(P.options),
    staleTime: 60_000,
    enabled,
  });
}

/** The orders placed through one link, newest first. */
export function useShareLinkOrders(id: number | null, page: number) {
  return useQuery({
    queryKey: shareLinkKeys.orders(id ?? 0, page),
    queryFn: quietGet(P.orders, { id: id ?? 0, page, page_size: 10 }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

function useInvalidateShareLinks() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: shareLinkKeys.all });
}

export function useSaveShareLink() {
  const invalidate = useInvalidateShareLinks();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ShareLinkBody }) =>
      strictCall((options) => (id === undefined ? apiPost(P.create, body, options) : apiPost(P.edit, { ...body, id }, options))),
    onSuccess: invalidate,
  });
}

export function useDeleteShareLink() {
  const invalidate = useInvalidateShareLinks();
  return useMutation({
    mutationFn: (id: number) => strictCall((options) => apiPost(P.remove, { id }, options)),
    onSuccess: invalidate,
  });
}

export function useMiniProgramScheme() {
  return useMutation({
    mutationFn: (id: number) => strictCall((options) => apiPost(P.scheme, { id, expire_days: 30 }, options)),
  });
}
