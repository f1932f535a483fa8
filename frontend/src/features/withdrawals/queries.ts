import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost, type ApiBody, type ApiData, type ApiQuery } from '@/api/client';
import { quietGet, useListRead } from '@/api/reads';
import { usePost } from '@/api/writes';
import { strictCall } from '@/lib/apiError';

export type WithdrawalPage = ApiData<'/api/finance/withdrawList', 'get'>;
export type WithdrawalRow = WithdrawalPage['list'][number];
export type WithdrawalDetail = ApiData<'/api/finance/getWithdrawDetail', 'get'>;
export type WithdrawalCount = ApiData<'/api/v2/getWithdrawalCount', 'get'>;
export type WithdrawalStatusCount = ApiData<'/api/platform/getWithdrawalType', 'get'>[number];
export type RejectInit = ApiData<'/api/finance/initDetailForReject', 'get'>;
export type ApplyWithdrawBody = ApiBody<'/api/finance/applyWithdraw', 'post'>;
export type StoreListQuery = NonNullable<ApiQuery<'/api/finance/withdrawList', 'get'>>;
export type PlatformListQuery = NonNullable<ApiQuery<'/api/platform/getWithdrawalRecord', 'get'>>;
export type CountFilters = NonNullable<ApiQuery<'/api/platform/getWithdrawalType', 'get'>>;

const P = {
  apply: '/api/finance/applyWithdraw',
  cancel: '/api/finance/cancelWithdraw',
  list: '/api/finance/withdrawList',
  detail: '/api/finance/getWithdrawDetail',
  count: '/api/v2/getWithdrawalCount',
  record: '/api/platform/getWithdrawalRecord',
  types: '/api/platform/getWithdrawalType',
  operate: '/api/platform/operateWithdrawal',
  rejectInit: '/api/finance/initDetailForReject',
} as const;

export const withdrawalKeys = {
  all: ['withdrawals'] as const,
  lists: () => [...withdrawalKeys.all, 'list'] as const,
  list: (side: 'store' | 'platform', query: object) => [...withdrawalKeys.lists(), side, query] as const,
  counts: () => [...withdrawalKeys.all, 'counts'] as const,
  count: (side: 'store' | 'platform', filters: object) => [...withdrawalKeys.counts(), side, filters] as const,
  details: () => [...withdrawalKeys.all, 'detail'] as const,
  detail: (id: number) => [...withdrawalKeys.details(), id] as const,
  rejectInit: (id: number) => [...withdrawalKeys.all, 'rejectInit', id] as const,
};

/** The shop's withdrawals (`withdrawal.view`), newest first. */
export function useStoreWithdrawals(query: StoreListQuery, enabled = true) {
  return useListRead(withdrawalKeys.list('store', query), P.list, query, enabled);
}

/** Every merchant's withdrawals, or one's (`withdrawal.audit`, admin host). */
export function usePlatformWithdrawals(query: PlatformListQuery, enabled = true) {
  return useListRead(withdrawalKeys.list('platform', query), P.record, query, enabled);
}

/** The shop's counts per status, its withdrawable balance and what withdrawals in flight hold. */
export function useWithdrawalCount(filters: Omit<CountFilters, 'merchant_id'> = {}, enabled = true) {
  return useListRead(withdrawalKeys.count('store', filters), P.count, filters, enabled);
}

/** The platform's counts per status (its tabs). */
export function useWithdrawalTypes(filters: CountFilters, enabled = true) {
  return useListRead(withdrawalKeys.count('platform', filters), P.types, filters, enabled);
}

export function useWithdrawalDetail(id: number | null) {
  return useQuery({
    queryKey: withdrawalKeys.detail(id ?? 0),
    queryFn: quietGet(P.detail, { id: id ?? 0 }),
    enabled: id !== null,
  });
}

/** The withdrawal and the preset reasons, for the reject dialog. */
export function useRejectInit(id: number | null) {
  return useQuery({
    queryKey: withdrawalKeys.rejectInit(id ?? 0),
    queryFn: quietGet(P.rejectInit, { id: id ?? 0 }),
    enabled: id !== null,
  });
}

/** Every write moves money and a status: lists, counts (and the balance) and the detail refresh. */
function useRefreshWithdrawals() {
  const queryClient = useQueryClient();
  return (saved?: WithdrawalDetail) => {
    if (saved) queryClient.setQueryData(withdrawalKeys.detail(saved.id), saved);
    void queryClient.invalidateQueries({ queryKey: withdrawalKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: withdrawalKeys.counts() });
    void queryClient.invalidateQueries({ queryKey: withdrawalKeys.details() });
  };
}

export function useApplyWithdraw() {
  const refresh = useRefreshWithdrawals();
  return usePost(P.apply, { onSuccess: (saved) => refresh(saved) });
}

export function useCancelWithdraw() {
  const refresh = useRefreshWithdrawals();
  return useMutation({
    mutationFn: (id: number) => strictCall((options) => apiPost(P.cancel, { id }, options)),
    onSuccess: (saved) => refresh(saved),
  });
}

export function useOperateWithdrawal() {
  const refresh = useRefreshWithdrawals();
  return useMutation({
    mutationFn: (body: { id: number; action: 'approve' | 'reject'; reason?: string }) => strictCall((options) => apiPost(P.operate, { reason: '', ...body }, options)),
    onSuccess: (saved) => refresh(saved),
  });
}
