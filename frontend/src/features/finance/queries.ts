import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, type ApiBody, type ApiData } from '@/api/client';
import { asApiError, strictCall } from '@/lib/apiError';
import { orThrow } from '@/lib/query';
import { WAIVER_EXCEEDS_LATE_FEE } from '@/features/orders/lib/lateFees';
import { useInvalidateOrder, type OrderRef } from '@/features/orders/queries';
import type { BillLinesQuery, FinanceBillsQuery, FinanceRecordQuery, MarkCollectQuery, TypeCountQuery } from './lib/billListState';

export type FinanceSetting = ApiData<'/api/finance/getFinanceSetting', 'get'>;
export type FinanceSettingBody = ApiBody<'/api/finance/saveFinanceSetting', 'post'>;
export type BillLinePage = ApiData<'/api/v2/getBillList', 'get'>;
export type BillLine = BillLinePage['list'][number];
export type TypeCount = ApiData<'/api/platform/getTransactionTypeCount', 'get'>[number];
export type MarkCollect = ApiData<'/api/finance/getMarkCollect', 'get'>;
export type FinanceBillPage = ApiData<'/api/finance/getFinanceBillList', 'get'>;
export type FinanceBill = FinanceBillPage['list'][number];

export const financeKeys = {
  all: ['finance'] as const,
  setting: () => [...financeKeys.all, 'setting'] as const,
  lines: () => [...financeKeys.all, 'lines'] as const,
  storeLines: (query: BillLinesQuery) => [...financeKeys.lines(), 'store', query] as const,
  platformLines: (query: FinanceRecordQuery) => [...financeKeys.lines(), 'platform', query] as const,
  typeCounts: (platform: boolean, query: TypeCountQuery) => [...financeKeys.all, 'typeCounts', platform, query] as const,
  markCollect: (query: MarkCollectQuery) => [...financeKeys.all, 'markCollect', query] as const,
  bills: (query: FinanceBillsQuery) => [...financeKeys.all, 'bills', query] as const,
};

const P = {
  setting: '/api/finance/getFinanceSetting',
  saveSetting: '/api/finance/saveFinanceSetting',
  storeLines: '/api/v2/getBillList',
  platformLines: '/api/platform/getFinanceRecord',
  typeCounts: '/api/platform/getTransactionTypeCount',
  markCollect: '/api/finance/getMarkCollect',
  bills: '/api/finance/getFinanceBillList',
} as const;

/** The shop's income and expense lines (getBillList, `finance.view`), newest first. */
export function useStoreBillLines(query: BillLinesQuery, enabled = true) {
  return useQuery({
    queryKey: financeKeys.storeLines(query),
    queryFn: () => orThrow(P.storeLines, apiGet(P.storeLines, query, { hideNotice: true })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The platform's lines for every merchant or one (getFinanceRecord, `finance.view`). */
export function usePlatformBillLines(query: FinanceRecordQuery, enabled = true) {
  return useQuery({
    queryKey: financeKeys.platformLines(query),
    queryFn: () => orThrow(P.platformLines, apiGet(P.platformLines, query, { hideNotice: true })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** How many lines of each of the side's types the filters leave (the type tabs). */
export function useTypeCounts(platform: boolean, query: TypeCountQuery, enabled = true) {
  return useQuery({
    queryKey: financeKeys.typeCounts(platform, query),
    queryFn: () => orThrow(P.typeCounts, apiGet(P.typeCounts, query, { hideNotice: true })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The totals above the shop's lines: the period's money, and the balances now (getMarkCollect). */
export function useMarkCollect(query: MarkCollectQuery, enabled = true) {
  return useQuery({
    queryKey: financeKeys.markCollect(query),
    queryFn: () => orThrow(P.markCollect, apiGet(P.markCollect, query, { hideNotice: true })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The customers' instalment bills across orders (getFinanceBillList). */
export function useFinanceBills(query: FinanceBillsQuery, enabled = true) {
  return useQuery({
    queryKey: financeKeys.bills(query),
    queryFn: () => orThrow(P.bills, apiGet(P.bills, query, { hideNotice: true })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The shop's late-fee rates and reminder days in force, with the platform's defaults (`finance.view`). */
export function useFinanceSetting(enabled = true) {
  return useQuery({
    queryKey: financeKeys.setting(),
    queryFn: () => orThrow(P.setting, apiGet(P.setting, undefined, { hideNotice: true })),
    enabled,
  });
}

/**
 * Saves every field at once (`order.manage`): a null field follows the platform's default, so
 * the body always carries the fields the shop keeps. The answer is the setting in force.
 */
export function useSaveFinanceSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FinanceSettingBody) => strictCall((options) => apiPost(P.saveSetting, body, options)),
    onSuccess: (saved) => queryClient.setQueryData(financeKeys.setting(), saved),
  });
}

// --- one order's bills (/billingDetails/[order_id] and the order's bill dialogs) -------------
// Every write reads the order again (its bills, stage and overdue money live on the order).

export type BillPaymentBody = ApiBody<'/api/v2/BillPayment', 'post'>;
export type WaiveLateFeeBody = ApiBody<'/api/finance/waiveLateFee', 'post'>;
export type OfflineRepaymentBody = ApiBody<'/api/finance/recordOfflineRepayment', 'post'>;
export type SettleEarlyBody = ApiBody<'/api/finance/settleEarly', 'post'>;
export type EarlySettlementQuote = ApiData<'/api/finance/getEarlySettlementQuote', 'get'>;
export type EarlySettlement = ApiData<'/api/finance/settleEarly', 'post'>;
export type WaiveOrderChargeBody = ApiBody<'/api/finance/waiveOrderCharge', 'post'>;

export const orderBillKeys = {
  earlyQuote: (ref: OrderRef) => [...financeKeys.all, 'earlyQuote', ref.id] as const,
};

const O = {
  billPayment: '/api/v2/BillPayment',
  payResult: '/api/platform/queryPayResult',
  waiveLateFee: '/api/finance/waiveLateFee',
  offlineRepayment: '/api/finance/recordOfflineRepayment',
  earlyQuote: '/api/finance/getEarlySettlementQuote',
  settleEarly: '/api/finance/settleEarly',
  waiveCharge: '/api/finance/waiveOrderCharge',
} as const;

export function useBillPayment(ref: OrderRef) {
  const invalidate = useInvalidateOrder();
  return useMutation({
    mutationFn: (body: Omit<BillPaymentBody, 'order_id'>) => strictCall((options) => apiPost(O.billPayment, { order_id: ref.id, ...body }, options)),
    onSuccess: () => invalidate(ref),
  });
}

/**
 * The shop forgoes late fee of one bill (store side, `order.manage`). Refused as more than is
 * still owed (1401), the screen was stale: the bills and the summary are read again too.
 */
export function useWaiveLateFee(ref: OrderRef) {
  const invalidate = useInvalidateOrder();
  return useMutation({
    mutationFn: (body: Omit<WaiveLateFeeBody, 'order_id'>) => strictCall((options) => apiPost(O.waiveLateFee, { order_id: ref.id, ...body }, options)),
    onSuccess: () => invalidate(ref),
    onError: (error) => {
      if (asApiError(error)?.code === WAIVER_EXCEEDS_LATE_FEE) invalidate(ref);
    },
  });
}

/** Asks the provider again about a payment still processing, then rereads the order. */
export function usePayResult(ref: OrderRef) {
  const invalidate = useInvalidateOrder();
  return useMutation({
    mutationFn: (outNo: string) => strictCall((options) => apiGet(O.payResult, { out_no: outNo }, options)),
    onSettled: () => invalidate(ref),
  });
}

/**
 * Finance records a bill the customer paid outside the provider (store side, `finance.manage`).
 * Refused because the screen was stale (another bill first, a payment in flight, the amount
 * changed): the order is read again too.
 */
export function useRecordOfflineRepayment(ref: OrderRef) {
  const invalidate = useInvalidateOrder();
  return useMutation({
    mutationFn: (body: Omit<OfflineRepaymentBody, 'order_id'>) => strictCall((options) => apiPost(O.offlineRepayment, { order_id: ref.id, ...body }, options)),
    onSettled: () => invalidate(ref),
  });
}

/**
 * What settling the lease early costs today (store side, `finance.manage`); asked when the
 * dialog opens and never kept long (late fees accrue, bills fall due).
 */
export function useEarlySettlementQuote(ref: OrderRef, enabled: boolean) {
  return useQuery({
    queryKey: orderBillKeys.earlyQuote(ref),
    queryFn: () => strictCall((options) => apiGet(O.earlyQuote, { order_id: ref.id }, options)),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** Settles every bill left at the quote's total; the order and its quote are read again. */
export function useSettleEarly(ref: OrderRef) {
  const invalidate = useInvalidateOrder();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<SettleEarlyBody, 'order_id'>) => strictCall((options) => apiPost(O.settleEarly, { order_id: ref.id, ...body }, options)),
    onSettled: () => {
      invalidate(ref);
      void queryClient.invalidateQueries({ queryKey: orderBillKeys.earlyQuote(ref) });
    },
  });
}

/**
 * Finance forgoes everything one bill still owes (store side, `finance.waive`), with a reason
 * the timeline keeps; the order may leave the owing list.
 */
export function useWaiveOrderCharge(ref: OrderRef) {
  const invalidate = useInvalidateOrder();
  return useMutation({
    mutationFn: (body: Omit<WaiveOrderChargeBody, 'order_id'>) => strictCall((options) => apiPost(O.waiveCharge, { order_id: ref.id, ...body }, options)),
    onSettled: () => invalidate(ref),
  });
}
