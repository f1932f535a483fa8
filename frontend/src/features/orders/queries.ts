import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, type ApiBody, type ApiData } from '@/api/client';
import { quietGet, useListRead } from '@/api/reads';
import { usePost } from '@/api/writes';
import { asApiError, strictCall } from '@/lib/apiError';
import { orThrow } from '@/lib/query';
import { AFTER_SALE_ERRORS } from './lib/afterSale';
import type { OrderCountQuery, OrderListQuery } from './lib/orderListState';
import type { OrderKind } from './lib/stages';

export type OrderPage = ApiData<'/api/platform/backendOrderList', 'get'>;
export type OrderRow = OrderPage['list'][number];
export type OrderStageCounts = ApiData<'/api/platform/orderNumberCount', 'get'>;
export type OrderDetail = ApiData<'/api/merchant/orderInfo', 'get'>;
export type OrderBill = OrderDetail['bills'][number];
export type OrderShipment = OrderDetail['shipments'][number];
export type OrderAfterSale = OrderDetail['after_sales'][number];
export type ShipmentTracking = ApiData<'/api/platform/adminLookExpress', 'get'>[number];
export type ExpressCompany = ApiData<'/api/applet/expressCompany', 'get'>[number];
export type Person = ApiData<'/api/backend/getOrderAuditors', 'get'>[number];
export type RejectReason = ApiData<'/api/platform/getAfterSaleRejectReason', 'get'>[number];
export type ExpressBody = ApiBody<'/api/merchant/addExpress', 'post'>;
export type ApplyAfterSaleBody = ApiBody<'/api/platform/applyAfterSale', 'post'>;
export type DealAfterSaleBody = ApiBody<'/api/platform/dealAfterSale', 'post'>;
export type DepositThawBody = ApiBody<'/api/platform/depositThaw', 'post'>;
export type DepositTransferBody = ApiBody<'/api/platform/depositTransferPay', 'post'>;
export type RefundDepositBody = ApiBody<'/api/platform/refundDeposit', 'post'>;
export type RefundShippingFeeBody = ApiBody<'/api/merchant/refundSfAmount', 'post'>;
export type OverdueMoney = ApiData<'/api/platform/getOverdueMoney', 'get'>;
export type OrderSetting = ApiData<'/api/backend/getOrderSetting', 'get'>;
export type OrderSettingBody = ApiBody<'/api/backend/saveOrderSetting', 'post'>;
export type ReturnQuote = ApiData<'/api/backend/getReturnQuote', 'get'>;
/** What getReturnQuote is asked: the return day (default: received, else today) and damage. */
export interface ReturnQuoteParams {
  return_date?: string;
  damage_amount?: string;
}

/** An order is named by its id, and on the platform also by its merchant. */
export interface OrderRef {
  id: number;
  merchantId?: number | null;
}

export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (kind: OrderKind, query: OrderListQuery) => [...orderKeys.lists(), kind, query] as const,
  counts: () => [...orderKeys.all, 'counts'] as const,
  count: (kind: OrderKind, query: OrderCountQuery) => [...orderKeys.counts(), kind, query] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (ref: OrderRef) => [...orderKeys.details(), ref.id, ref.merchantId ?? null] as const,
  tracking: (ref: OrderRef) => [...orderKeys.all, 'tracking', ref.id, ref.merchantId ?? null] as const,
  overdueMoney: (ref: OrderRef) => [...orderKeys.all, 'overdueMoney', ref.id, ref.merchantId ?? null] as const,
  options: (what: string) => [...orderKeys.all, 'options', what] as const,
  setting: () => [...orderKeys.all, 'setting'] as const,
  returnQuotes: (ref: OrderRef) => [...orderKeys.all, 'returnQuote', ref.id] as const,
  returnQuote: (ref: OrderRef, params: ReturnQuoteParams) => [...orderKeys.returnQuotes(ref), params] as const,
  zhimaCreditOrder: (orderId: number) => [...orderKeys.all, 'zhimaCreditOrder', orderId] as const,
};

const P = {
  leaseList: '/api/platform/backendOrderList',
  purchaseList: '/api/platform/ecommerceOrderList',
  leaseCount: '/api/platform/orderNumberCount',
  purchaseCount: '/api/platform/ecommerceOrderCount',
  detail: '/api/merchant/orderInfo',
  storeTracking: '/api/applet/orderExpress',
  platformTracking: '/api/platform/adminLookExpress',
  companies: '/api/applet/expressCompany',
  auditors: '/api/backend/getOrderAuditors',
  salesmen: '/api/platform/getShopSalesMan',
  subShops: '/api/backend/getSubShopOptions',
  rejectReasons: '/api/platform/getAfterSaleRejectReason',
  audit: '/api/backend/auditOrder',
  remark: '/api/platform/addRemark',
  allocate: '/api/backend/allocateOrders',
  allocateSubShop: '/api/backend/allocateToSubShop',
  close: '/api/platform/closeOrders',
  remove: '/api/platform/deleteOrders',
  addExpress: '/api/merchant/addExpress',
  updateExpress: '/api/merchant/updateExpress',
  deliver: '/api/merchant/confirmDelivery',
  contract: '/api/applet/lookContract',
  refreshContract: '/api/backend/refreshContract',
  depositThaw: '/api/platform/depositThaw',
  depositTransfer: '/api/platform/depositTransferPay',
  refundDeposit: '/api/platform/refundDeposit',
  refundShippingFee: '/api/merchant/refundSfAmount',
  applyAfterSale: '/api/platform/applyAfterSale',
  dealAfterSale: '/api/platform/dealAfterSale',
  overdueMoney: '/api/platform/getOverdueMoney',
  returnQuote: '/api/backend/getReturnQuote',
  setting: '/api/backend/getOrderSetting',
  saveSetting: '/api/backend/saveOrderSetting',
  revealIdentity: '/api/backend/revealCustomerIdentity',
} as const;

const OPTIONS_STALE_MS = 5 * 60_000;

// --- reads -------------------------------------------------------------------------------------

/** Lease orders (backendOrderList) or purchase orders (ecommerceOrderList): same filters, same rows. */
export function useOrderList(kind: OrderKind, query: OrderListQuery) {
  return useListRead(orderKeys.list(kind, query), kind === 'lease' ? P.leaseList : P.purchaseList, query);
}

/** Orders per stage (the stage tabs' counts), with the list's filters. */
export function useOrderCounts(kind: OrderKind, query: OrderCountQuery) {
  return useQuery({
    queryKey: orderKeys.count(kind, query),
    queryFn: quietGet(kind === 'lease' ? P.leaseCount : P.purchaseCount, query),
  });
}

export function useOrderDetail(ref: OrderRef | null) {
  return useQuery({
    queryKey: orderKeys.detail(ref ?? { id: 0 }),
    // strictCall keeps the server's code: another shop's order answers NOT_FOUND (RecordUnavailable).
    queryFn: () => strictCall((options) => apiGet(P.detail, { id: ref?.id ?? 0, ...(ref?.merchantId ? { merchant_id: ref.merchantId } : {}) }, options)),
    enabled: ref !== null,
  });
}

/**
 * An order's parcels with their tracking events. The store reads them with orderExpress (any
 * store role that sees the order, sub-merchants included); the platform with adminLookExpress.
 */
export function useOrderTracking(ref: OrderRef, enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.tracking(ref),
    queryFn: ref.merchantId
      ? quietGet(P.platformTracking, { order_id: ref.id, merchant_id: ref.merchantId, hide_error: true })
      : quietGet(P.storeTracking, { order_id: ref.id, hide_error: true }),
    enabled,
  });
}

/** What the order owes for lateness (getOverdueMoney); the platform names the merchant. */
export function useOverdueMoney(ref: OrderRef, enabled = true) {
  return useQuery({
    queryKey: orderKeys.overdueMoney(ref),
    queryFn: quietGet(P.overdueMoney, { order_id: ref.id, ...(ref.merchantId ? { merchant_id: ref.merchantId } : {}) }),
    enabled,
  });
}

export function useExpressCompanies(enabled = true) {
  return useQuery({ queryKey: orderKeys.options('companies'), queryFn: () => orThrow(P.companies, apiGet(P.companies)), staleTime: OPTIONS_STALE_MS, enabled });
}

/** Who an order may be given to: auditors (getOrderAuditors) or salesmen (getShopSalesMan). */
export function useAssignees(role: 'auditor' | 'salesman') {
  const path = role === 'auditor' ? P.auditors : P.salesmen;
  return useQuery({ queryKey: orderKeys.options(role), queryFn: () => orThrow(path, apiGet(path)), staleTime: OPTIONS_STALE_MS });
}

export function useSubShopChoices(enabled = true) {
  return useQuery({ queryKey: orderKeys.options('subShops'), queryFn: () => orThrow(P.subShops, apiGet(P.subShops)), staleTime: OPTIONS_STALE_MS, enabled });
}

export function useRejectReasons() {
  return useQuery({ queryKey: orderKeys.options('rejectReasons'), queryFn: () => orThrow(P.rejectReasons, apiGet(P.rejectReasons)), staleTime: OPTIONS_STALE_MS });
}

// --- writes ------------------------------------------------------------------------------------

/**
 * Any write may move an order between stages: lists, counts and the order itself refresh.
 * Exported for the writes of an order's bills (features/finance).
 */
export function useInvalidateOrder() {
  const queryClient = useQueryClient();
  return (ref?: OrderRef) => {
    void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: orderKeys.counts() });
    if (ref) {
      void queryClient.invalidateQueries({ queryKey: orderKeys.detail(ref) });
      void queryClient.invalidateQueries({ queryKey: orderKeys.tracking(ref) });
      void queryClient.invalidateQueries({ queryKey: orderKeys.overdueMoney(ref) });
      void queryClient.invalidateQueries({ queryKey: orderKeys.returnQuotes(ref) });
    }
  };
}

/** A write of one order: the call's failure reaches the dialog as an ApiError. */
function useOrderWrite<B, R>(ref: OrderRef, call: (body: B, options: Parameters<typeof apiPost>[2]) => Promise<R | false>) {
  const invalidate = useInvalidateOrder();
  return useMutation({
    mutationFn: (body: B) => strictCall((options) => call(body, options)),
    onSuccess: () => invalidate(ref),
  });
}

/** A write of several orders of the list (bulk actions): all or none, then the lists and counts refresh. */
function useOrdersWrite<B, R>(call: (body: B, options: Parameters<typeof apiPost>[2]) => Promise<R | false>) {
  const invalidate = useInvalidateOrder();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => strictCall((options) => call(body, options)),
    onSuccess: () => {
      invalidate();
      void queryClient.invalidateQueries({ queryKey: orderKeys.details() });
    },
  });
}

export function useAllocateOrders() {
  return useOrdersWrite((body: { ids: number[]; account_id: number }, options) => apiPost(P.allocate, body, options));
}

export function useAllocateOrdersToSubShop() {
  return useOrdersWrite((body: { ids: number[]; sub_shop_id: number }, options) => apiPost(P.allocateSubShop, body, options));
}

/** The shop's close of several orders (the platform closes one at a time, from the detail). */
export function useCloseOrders() {
  return useOrdersWrite((body: { ids: number[]; reason: string }, options) => apiPost(P.close, body, options));
}

export type CustomerIdentity = ApiData<'/api/backend/revealCustomerIdentity', 'post'>;

/** The customer unmasked (`reveal_identity`, order.identity) for a reason; each reveal joins the order's timeline and the owner's reveal log. */
export function useRevealIdentity(ref: OrderRef) {
  return useOrderWrite(ref, (reason: string, options) => apiPost(P.revealIdentity, { order_id: ref.id, reason }, options));
}

export function useAuditOrder(ref: OrderRef) {
  return useOrderWrite(ref, (body: { passed: boolean; reason: string }, options) => apiPost(P.audit, { id: ref.id, ...body }, options));
}

export function useAddRemark(ref: OrderRef) {
  return useOrderWrite(ref, (remark: string, options) => apiPost(P.remark, { order_id: ref.id, remark }, options));
}

export function useAllocateOrder(ref: OrderRef) {
  return useOrderWrite(ref, (accountId: number, options) => apiPost(P.allocate, { ids: [ref.id], account_id: accountId }, options));
}

export function useAllocateToSubShop(ref: OrderRef) {
  return useOrderWrite(ref, (subShopId: number, options) => apiPost(P.allocateSubShop, { ids: [ref.id], sub_shop_id: subShopId }, options));
}

/** The shop closes before goods leave; the platform closes any open order of the merchant. */
export function useCloseOrder(ref: OrderRef) {
  return useOrderWrite(ref, (reason: string, options) =>
    apiPost(P.close, { ids: [ref.id], reason, ...(ref.merchantId ? { merchant_id: ref.merchantId } : {}) }, options),
  );
}

export function useDeleteOrder(ref: OrderRef) {
  return useOrderWrite(ref, (_: void, options) => apiPost(P.remove, { ids: [ref.id] }, options));
}

export function useShipOrder(ref: OrderRef, update: boolean) {
  return useOrderWrite(ref, (body: Omit<ExpressBody, 'order_id'>, options) => apiPost(update ? P.updateExpress : P.addExpress, { order_id: ref.id, ...body }, options));
}

export function useConfirmDelivery(ref: OrderRef) {
  return useOrderWrite(ref, (_: void, options) => apiPost(P.deliver, { order_id: ref.id }, options));
}

export function useRefreshContract(ref: OrderRef) {
  return useOrderWrite(ref, (_: void, options) => apiPost(P.refreshContract, { order_id: ref.id }, options));
}

/**
 * A link to the contract PDF, valid a few minutes: asked for when the person opens it. The
 * platform names the order's merchant (read on the admin host, audited in its schema).
 */
/** The contract PDF's link; the PDF shows the lessee's ID number, so the reason is required (a reveal). */
export function useContractLink(ref: OrderRef) {
  return useMutation({
    mutationFn: (reason: string) => strictCall((options) => apiPost(P.contract, { order_id: ref.id, reason, ...(ref.merchantId ? { merchant_id: ref.merchantId } : {}) }, options)),
  });
}

export function useDepositThaw(ref: OrderRef) {
  return useOrderWrite(ref, (body: Omit<DepositThawBody, 'order_id'>, options) => apiPost(P.depositThaw, { order_id: ref.id, ...body }, options));
}

export function useDepositTransfer(ref: OrderRef) {
  return useOrderWrite(ref, (body: Omit<DepositTransferBody, 'order_id'>, options) => apiPost(P.depositTransfer, { order_id: ref.id, ...body }, options));
}

export function useRefundDeposit(ref: OrderRef) {
  return useOrderWrite(ref, (body: Omit<RefundDepositBody, 'order_id'>, options) => apiPost(P.refundDeposit, { order_id: ref.id, ...body }, options));
}

export function useRefundShippingFee(ref: OrderRef) {
  return useOrderWrite(ref, (body: Omit<RefundShippingFeeBody, 'order_id'>, options) => apiPost(P.refundShippingFee, { order_id: ref.id, ...body }, options));
}

/**
 * The shop opens an after-sale business for the customer; the order moves to the after-sale
 * stage. Refused because another one is open (1302), the screen was stale: it rereads too.
 */
export function useApplyAfterSale(ref: OrderRef) {
  const invalidate = useInvalidateOrder();
  return useMutation({
    mutationFn: (body: Omit<ApplyAfterSaleBody, 'order_id'>) => strictCall((options) => apiPost(P.applyAfterSale, { order_id: ref.id, ...body }, options)),
    onSuccess: () => invalidate(ref),
    onError: (error) => {
      if (asApiError(error)?.code === AFTER_SALE_ERRORS.alreadyOpen) invalidate(ref);
    },
  });
}

/** The fields a decision does not use are sent empty, as the backend's defaults. */
const AFTER_SALE_DEFAULTS = { damage_amount: '0.00', device_serial: '', idempotency_key: '', inspection_note: '', reason: '', reject_code: '' };

export function useDealAfterSale(ref: OrderRef) {
  return useOrderWrite(ref, (body: Pick<DealAfterSaleBody, 'decision'> & Partial<Omit<DealAfterSaleBody, 'order_id' | 'decision'>>, options) =>
    apiPost(P.dealAfterSale, { ...AFTER_SALE_DEFAULTS, order_id: ref.id, ...body }, options),
  );
}

/**
 * What the customer owes if the goods come back (issue 24): bills still owed, rent cancelled,
 * the early-termination fee, damage, and how the deposit covers them. Asked while the return or
 * the inspection dialog is open; the previous figures stay while a new damage is quoted.
 */
export function useReturnQuote(ref: OrderRef, params: ReturnQuoteParams, enabled = true) {
  return useQuery({
    queryKey: orderKeys.returnQuote(ref, params),
    queryFn: () => strictCall((options) => apiGet(P.returnQuote, { order_id: ref.id, ...params }, options)),
    enabled,
    staleTime: 0,
    gcTime: 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/** The shop's order settings (store side, `order.manage`), read when their dialog opens. */
export function useOrderSetting(enabled: boolean) {
  return useQuery({ queryKey: orderKeys.setting(), queryFn: quietGet(P.setting), enabled });
}

export function useSaveOrderSetting() {
  const queryClient = useQueryClient();
  return usePost(P.saveSetting, { onSuccess: (saved) => queryClient.setQueryData(orderKeys.setting(), saved) });
}

// --- deposit-free: the Zhima credit order (docs/zhima.md) ---------------------------------------

const ZHIMA = {
  creditOrder: '/api/merchant/getCreditOrder',
  notice: '/api/merchant/noticeCreditViolation',
  confirm: '/api/merchant/confirmCreditViolation',
} as const;

export type ZhimaCreditOrderAnswer = ApiData<typeof ZHIMA.creditOrder, 'get'>;
export type ZhimaCreditOrder = NonNullable<ZhimaCreditOrderAnswer['credit_order']>;

/** A lease's credit order at Zhima (`credit_order` null: its deposit is money only). */
export function useZhimaCreditOrder(orderId: number) {
  return useQuery({ queryKey: orderKeys.zhimaCreditOrder(orderId), queryFn: quietGet(ZHIMA.creditOrder, { order_id: orderId }) });
}

function useZhimaWrite<P extends typeof ZHIMA.notice | typeof ZHIMA.confirm>(path: P, orderId: number) {
  const queryClient = useQueryClient();
  return usePost(path, {
    onSuccess: (row) => queryClient.setQueryData(orderKeys.zhimaCreditOrder(orderId), { order_id: orderId, deposit_free: true, credit_order: row }),
  });
}

/** Sends the customer the notice before a violation (the credit order waits for a person). */
export function useNoticeCreditViolation(orderId: number) {
  return useZhimaWrite(ZHIMA.notice, orderId);
}

/** A person confirms the violation with its reason (synced VIOLATED to Zhima). */
export function useConfirmCreditViolation(orderId: number) {
  return useZhimaWrite(ZHIMA.confirm, orderId);
}
