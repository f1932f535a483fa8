/**
 * /billList's state in the URL (STYLE 8). The store reads two views: its income and expense
 * lines (getBillList; type, booked-between dates, order number) and its customers' bills
 * (`view=bills`, getFinanceBillList; state, due-between dates, order number). The platform
 * reads its own lines (getFinanceRecord; type, dates, merchant). The list's calls, their counts,
 * the totals header and the exports take the same filters from here.
 */
import type { ApiQuery } from '@/api/client';
import { DEFAULT_PAGE_SIZE, readDay, readEnum, readId, readPage, readPageSize, readText, toSearch } from '@/components/filters/listState';

export const STORE_LINE_TYPES = ['payment', 'deposit', 'refund', 'commission', 'settlement', 'withdrawal', 'early', 'offline'] as const;
export const PLATFORM_LINE_TYPES = ['receipt', 'refund', 'commission', 'withdrawal'] as const;
export const BILL_STATES = ['due', 'overdue', 'paying', 'paid', 'failed', 'cancelled'] as const;
export const BILL_LIST_VIEWS = ['lines', 'bills'] as const;

export type StoreLineType = (typeof STORE_LINE_TYPES)[number];
export type PlatformLineType = (typeof PLATFORM_LINE_TYPES)[number];
export type LineType = StoreLineType | PlatformLineType;
export type BillState = (typeof BILL_STATES)[number];
export type BillListView = (typeof BILL_LIST_VIEWS)[number];

export type BillLinesQuery = ApiQuery<'/api/v2/getBillList', 'get'>;
export type FinanceRecordQuery = ApiQuery<'/api/platform/getFinanceRecord', 'get'>;
export type TypeCountQuery = ApiQuery<'/api/platform/getTransactionTypeCount', 'get'>;
export type MarkCollectQuery = ApiQuery<'/api/finance/getMarkCollect', 'get'>;
export type FinanceBillsQuery = ApiQuery<'/api/finance/getFinanceBillList', 'get'>;

export interface BillListState {
  /** The store's view; the platform has only its lines. */
  view: BillListView;
  /** The lines' type tab (of the side's types). */
  type: LineType | undefined;
  /** The customers' bills' state pill. */
  state: BillState | undefined;
  /** Lines: booked between; bills: due between. */
  date_from: string;
  date_to: string;
  /** The store's: one order's lines or bills. */
  order_no: string;
  /** The platform's: one merchant's lines. */
  merchant_id: number | undefined;
  page: number;
  page_size: number;
}

export const BILL_LIST_DEFAULTS: BillListState = {
  view: 'lines',
  type: undefined,
  state: undefined,
  date_from: '',
  date_to: '',
  order_no: '',
  merchant_id: undefined,
  page: 1,
  page_size: DEFAULT_PAGE_SIZE,
};

type Params = Pick<URLSearchParams, 'get'>;

function common(params: Params) {
  return { date_from: readDay(params, 'date_from'), date_to: readDay(params, 'date_to'), page: readPage(params), page_size: readPageSize(params) };
}

/** The store's /billList: a filter of the other view, or the platform's, is dropped. */
export function parseStoreBillListState(params: Params): BillListState {
  const view = readEnum(params, 'view', BILL_LIST_VIEWS) ?? 'lines';
  return {
    ...BILL_LIST_DEFAULTS,
    ...common(params),
    view,
    type: view === 'lines' ? readEnum(params, 'type', STORE_LINE_TYPES) : undefined,
    state: view === 'bills' ? readEnum(params, 'state', BILL_STATES) : undefined,
    order_no: readText(params, 'order_no', 32),
  };
}

/** The platform's /billList: its lines only. */
export function parsePlatformBillListState(params: Params): BillListState {
  return { ...BILL_LIST_DEFAULTS, ...common(params), type: readEnum(params, 'type', PLATFORM_LINE_TYPES), merchant_id: readId(params, 'merchant_id') };
}

export function billListSearch(state: BillListState): string {
  return toSearch({ ...state }, { ...BILL_LIST_DEFAULTS });
}

/** The link of a store view: the other view starts with no filters. */
export function billListViewHref(view: BillListView): string {
  return view === 'lines' ? '/billList' : '/billList?view=bills';
}

export function hasBillListFilters(state: BillListState): boolean {
  return Boolean(state.type || state.state || state.date_from || state.date_to || state.order_no || state.merchant_id);
}

function dates(state: BillListState): { date_from?: string; date_to?: string } {
  return { ...(state.date_from ? { date_from: state.date_from } : {}), ...(state.date_to ? { date_to: state.date_to } : {}) };
}

/** getBillList's query (the store's lines). */
export function billLinesQuery(state: BillListState): BillLinesQuery {
  return {
    ...dates(state),
    ...(state.type ? { type: state.type as StoreLineType } : {}),
    ...(state.order_no ? { order_no: state.order_no } : {}),
    page: state.page,
    page_size: state.page_size,
  };
}

/** getFinanceRecord's query (the platform's lines). */
export function financeRecordQuery(state: BillListState): FinanceRecordQuery {
  return {
    ...dates(state),
    ...(state.type ? { type: state.type as PlatformLineType } : {}),
    ...(state.merchant_id ? { merchant_id: state.merchant_id } : {}),
    page: state.page,
    page_size: state.page_size,
  };
}

/** getTransactionTypeCount's query: the lines' filters less the type (each tab counts its own). */
export function typeCountQuery(state: BillListState, platform: boolean): TypeCountQuery {
  if (platform) return { ...dates(state), ...(state.merchant_id ? { merchant_id: state.merchant_id } : {}) };
  return { ...dates(state), ...(state.order_no ? { order_no: state.order_no } : {}) };
}

/** getMarkCollect's period: the dates the lines are filtered by. */
export function markCollectQuery(state: BillListState): MarkCollectQuery {
  return dates(state);
}

/** getFinanceBillList's query (the customers' bills): the dates are due dates. */
export function financeBillsQuery(state: BillListState): FinanceBillsQuery {
  return {
    ...(state.state ? { state: state.state } : {}),
    ...(state.date_from ? { due_from: state.date_from } : {}),
    ...(state.date_to ? { due_to: state.date_to } : {}),
    ...(state.order_no ? { order_no: state.order_no } : {}),
    page: state.page,
    page_size: state.page_size,
  };
}

export type BillListExportKind = 'bill_lines' | 'finance_bills' | 'finance_records';

/**
 * What the export button of the list on screen queues (exportCreate): its kind and the list's
 * own filters, less what only pages it.
 */
export function billListExport(state: BillListState, platform: boolean): { kind: BillListExportKind; filters: Record<string, unknown> } {
  const withoutPage = <Q extends { page?: number; page_size?: number }>(query: Q) => {
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- left out on purpose (see above)
    const { page, page_size, ...filters } = query;
    return filters;
  };
  if (platform) return { kind: 'finance_records', filters: withoutPage(financeRecordQuery(state)) };
  if (state.view === 'bills') return { kind: 'finance_bills', filters: withoutPage(financeBillsQuery(state)) };
  return { kind: 'bill_lines', filters: withoutPage(billLinesQuery(state)) };
}
