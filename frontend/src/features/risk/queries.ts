import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiGet, apiPost, type ApiBody, type ApiData, type ApiQuery } from '@/api/client';
import { quietGet, useListRead } from '@/api/reads';
import { usePost } from '@/api/writes';
import { strictCall } from '@/lib/apiError';
import { orThrow } from '@/lib/query';
import { PAY_POLL_MS } from './lib/risk';

export type RiskBalance = ApiData<'/api/backend/getRiskBalance', 'get'>;
export type RiskType = ApiData<'/api/general/getRiskTypeMap', 'get'>[number];
export type RiskBillPage = ApiData<'/api/v2/getRiskBillList', 'get'>;
export type RiskBill = RiskBillPage['list'][number];
export type RiskQueryPage = ApiData<'/api/general/chartRiskListDetail', 'post'>;
export type RiskQueryRow = RiskQueryPage['list'][number];
export type GetRiskBody = ApiBody<'/api/general/getRisk', 'post'>;
export type RechargePage = ApiData<'/api/merchant/merChartList', 'get'>;
export type RechargeRow = RechargePage['list'][number];
export type RechargeDetail = ApiData<'/api/merchant/getChartDetail', 'get'>;
export type RechargeListQuery = NonNullable<ApiQuery<'/api/merchant/merChartList', 'get'>>;
export type RiskBillQuery = NonNullable<ApiQuery<'/api/v2/getRiskBillList', 'get'>>;
export type RiskQueryListBody = ApiBody<'/api/general/chartRiskListDetail', 'post'>;
export type PayResult = ApiData<'/api/platform/queryPayResult', 'get'>;
export type IdentityStatus = ApiData<'/api/general/ali/userAuthenticationInfo', 'get'>;

const P = {
  balance: '/api/backend/getRiskBalance',
  types: '/api/general/getRiskTypeMap',
  getRisk: '/api/general/getRisk',
  queries: '/api/general/chartRiskListDetail',
  bills: '/api/v2/getRiskBillList',
  qr: '/api/platform/getRiskRechargePayQrcode',
  payResult: '/api/platform/queryPayResult',
  offline: '/api/merchant/merChart',
  recharges: '/api/merchant/merChartList',
  detail: '/api/merchant/getChartDetail',
  check: '/api/merchant/checkChart',
  identity: '/api/general/ali/userAuthenticationInfo',
} as const;

export const riskKeys = {
  all: ['risk'] as const,
  balance: () => [...riskKeys.all, 'balance'] as const,
  types: () => [...riskKeys.all, 'types'] as const,
  bills: (query: object) => [...riskKeys.all, 'bills', query] as const,
  queries: (body: object) => [...riskKeys.all, 'queries', body] as const,
  recharges: (query: object) => [...riskKeys.all, 'recharges', query] as const,
  details: () => [...riskKeys.all, 'detail'] as const,
  detail: (id: number) => [...riskKeys.details(), id] as const,
  payResult: (outNo: string) => [...riskKeys.all, 'payResult', outNo] as const,
  identity: (orderId: number) => [...riskKeys.all, 'identity', orderId] as const,
};

/**
 * The real-name check of an order's customer (name, ID number and phone against the issuer's
 * records): asked of the provider once per order, the kept answer after. The shop's only.
 */
export function useIdentityStatus(orderId: number, enabled = true) {
  return useQuery({
    queryKey: riskKeys.identity(orderId),
    queryFn: () => strictCall((options) => apiGet(P.identity, { order_id: orderId }, options)),
    enabled,
    staleTime: Infinity,
  });
}

/** The shop's prepaid risk balance, whether it is low, and the orders its shortness left unchecked. */
export function useRiskBalance(enabled = true) {
  return useQuery({
    queryKey: riskKeys.balance(),
    queryFn: quietGet(P.balance),
    enabled,
  });
}

/** The platform's price list of query types. */
export function useRiskTypes(enabled = true) {
  return useQuery({
    queryKey: riskKeys.types(),
    queryFn: quietGet(P.types),
    staleTime: 5 * 60_000,
    enabled,
  });
}

export function useRiskBills(query: RiskBillQuery, enabled = true) {
  return useListRead(riskKeys.bills(query), P.bills, query, enabled);
}

export function useRiskQueries(body: RiskQueryListBody, enabled = true) {
  return useQuery({
    queryKey: riskKeys.queries(body),
    queryFn: () => orThrow(P.queries, apiPost(P.queries, body, { hideNotice: true })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Recharges: the shop's own, or on the platform every merchant's (with each status's count). */
export function useRecharges(query: RechargeListQuery, enabled = true) {
  return useListRead(riskKeys.recharges(query), P.recharges, query, enabled);
}

export function useRechargeDetail(id: number | null) {
  return useQuery({
    queryKey: riskKeys.detail(id ?? 0),
    queryFn: quietGet(P.detail, { id: id ?? 0 }),
    enabled: id !== null,
  });
}

/**
 * A QR recharge's payment asked about again every PAY_POLL_MS while it waits (queryPayResult
 * records it when the provider says it was paid, should its callback not have come yet).
 */
export function usePayResult(outNo: string | null) {
  return useQuery({
    queryKey: riskKeys.payResult(outNo ?? ''),
    queryFn: () => orThrow(P.payResult, apiGet(P.payResult, { out_no: outNo ?? '' }, { hideNotice: true })),
    enabled: outNo !== null,
    refetchInterval: (query) => (query.state.data?.status === 'processing' || query.state.data === undefined ? PAY_POLL_MS : false),
    refetchIntervalInBackground: false,
  });
}

/** Money moved: the balance, the lines, the recharges and their details read again. */
export function useRefreshRisk() {
  const queryClient = useQueryClient();
  return useCallback(
    (saved?: RechargeDetail) => {
      if (saved) queryClient.setQueryData(riskKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: riskKeys.all });
    },
    [queryClient],
  );
}

export function useStartQrRecharge() {
  return usePost(P.qr);
}

export function useOfflineRecharge() {
  const refresh = useRefreshRisk();
  return usePost(P.offline, { onSuccess: (saved) => refresh(saved) });
}

export function useCheckRecharge() {
  const refresh = useRefreshRisk();
  return useMutation({
    mutationFn: (body: { id: number; action: 'approve' | 'reject'; reason?: string; idempotency_key: string }) => strictCall((options) => apiPost(P.check, { reason: '', ...body }, options)),
    onSuccess: (saved) => refresh(saved),
  });
}

export function useGetRisk() {
  const refresh = useRefreshRisk();
  return usePost(P.getRisk, { onSuccess: () => refresh() });
}
