import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, type ApiBody, type ApiData } from '@/api/client';
import { asApiError, strictCall } from '@/lib/apiError';
import { WAIVER_EXCEEDS_LATE_FEE } from '@/features/orders/lib/lateFees';
import { useInvalidateOrder, type OrderRef } from '@/features/orders/queries';

/**
 * One order's bills: the calls of /billingDetails/[order_id] and of the order's bill dialogs.
 * A module of its own beside queries.ts, so the bill list's screen loads none of the order
 * calls. Every write reads the order again (its bills, stage and overdue money live on it).
 */

export type BillPaymentBody = ApiBody<'/api/v2/BillPayment', 'post'>;
export type WaiveLateFeeBody = ApiBody<'/api/finance/waiveLateFee', 'post'>;
export type OfflineRepaymentBody = ApiBody<'/api/finance/recordOfflineRepayment', 'post'>;
export type SettleEarlyBody = ApiBody<'/api/finance/settleEarly', 'post'>;
export type EarlySettlementQuote = ApiData<'/api/finance/getEarlySettlementQuote', 'get'>;
export type EarlySettlement = ApiData<'/api/finance/settleEarly', 'post'>;
export type WaiveOrderChargeBody = ApiBody<'/api/finance/waiveOrderCharge', 'post'>;

export const orderBillKeys = {
  earlyQuote: (ref: OrderRef) => ['finance', 'earlyQuote', ref.id] as const,
};

const P = {
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
    mutationFn: (body: Omit<BillPaymentBody, 'order_id'>) => strictCall((options) => apiPost(P.billPayment, { order_id: ref.id, ...body }, options)),
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
    mutationFn: (body: Omit<WaiveLateFeeBody, 'order_id'>) => strictCall((options) => apiPost(P.waiveLateFee, { order_id: ref.id, ...body }, options)),
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
    mutationFn: (outNo: string) => strictCall((options) => apiGet(P.payResult, { out_no: outNo }, options)),
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
    mutationFn: (body: Omit<OfflineRepaymentBody, 'order_id'>) => strictCall((options) => apiPost(P.offlineRepayment, { order_id: ref.id, ...body }, options)),
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
    queryFn: () => strictCall((options) => apiGet(P.earlyQuote, { order_id: ref.id }, options)),
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
    mutationFn: (body: Omit<SettleEarlyBody, 'order_id'>) => strictCall((options) => apiPost(P.settleEarly, { order_id: ref.id, ...body }, options)),
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
    mutationFn: (body: Omit<WaiveOrderChargeBody, 'order_id'>) => strictCall((options) => apiPost(P.waiveCharge, { order_id: ref.id, ...body }, options)),
    onSettled: () => invalidate(ref),
  });
}
