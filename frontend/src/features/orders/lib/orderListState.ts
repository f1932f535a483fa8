/**
 * A list's filters in the URL (STYLE 8): a workbench to-do (both kinds: the to-do's own stage
 * and statuses, `tenants/orders/rules.py` ORDER_TODOS), kind (lease or purchase), status pill, one search box
 * with the field it searches (order number, phone or goods), placed-between dates, sub-shop
 * (store) or merchant (platform), sort and page. The stage and the sub-shop scope come from the
 * route, not from the URL.
 */
import { DEFAULT_PAGE_SIZE, readDay, readEnum, readId, readPage, readPageSize, readText, toSearch } from '@/components/filters/listState';
import type { ApiQuery } from '@/api/client';
import { ORDER_KINDS, ORDER_STATUSES, type OrderKind, type OrderListScope, type OrderStage, type OrderStatus } from './stages';

export const SEARCH_FIELDS = ['order_no', 'phone', 'goods'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];
export const SORTS = ['newest', 'oldest'] as const;
export const ORDER_TODOS = ['awaiting_audit', 'awaiting_shipment', 'overdue'] as const;
export type OrderTodo = (typeof ORDER_TODOS)[number];
export type OrderSort = (typeof SORTS)[number];

export type OrderListQuery = ApiQuery<'/api/platform/backendOrderList', 'get'>;
export type OrderCountQuery = ApiQuery<'/api/platform/orderNumberCount', 'get'>;

export interface OrderListState {
  todo: OrderTodo | undefined;
  kind: OrderKind;
  status: OrderStatus | undefined;
  field: SearchField;
  keyword: string;
  date_from: string;
  date_to: string;
  sub_shop_id: number | undefined;
  merchant_id: number | undefined;
  sort: OrderSort;
  page: number;
  page_size: number;
}

export const ORDER_LIST_DEFAULTS: OrderListState = {
  todo: undefined,
  kind: 'lease',
  status: undefined,
  field: 'order_no',
  keyword: '',
  date_from: '',
  date_to: '',
  sub_shop_id: undefined,
  merchant_id: undefined,
  sort: 'newest',
  page: 1,
  page_size: DEFAULT_PAGE_SIZE,
};

export function parseOrderListState(params: Pick<URLSearchParams, 'get'>): OrderListState {
  return {
    todo: readEnum(params, 'todo', ORDER_TODOS),
    kind: readEnum(params, 'kind', ORDER_KINDS) ?? 'lease',
    status: readEnum(params, 'status', ORDER_STATUSES),
    field: readEnum(params, 'field', SEARCH_FIELDS) ?? 'order_no',
    keyword: readText(params, 'keyword', 32),
    date_from: readDay(params, 'date_from'),
    date_to: readDay(params, 'date_to'),
    sub_shop_id: readId(params, 'sub_shop_id'),
    merchant_id: readId(params, 'merchant_id'),
    sort: readEnum(params, 'sort', SORTS) ?? 'newest',
    page: readPage(params),
    page_size: readPageSize(params),
  };
}

export function orderListSearch(state: OrderListState): string {
  // The field only means something with a keyword: keep links short.
  return toSearch({ ...state, field: state.keyword ? state.field : undefined }, { ...ORDER_LIST_DEFAULTS });
}

export function hasOrderFilters(state: OrderListState): boolean {
  return Boolean(state.todo || state.status || state.keyword || state.date_from || state.date_to || state.sub_shop_id || state.merchant_id);
}

/**
 * The filters the list and its stage tabs share: everything but the stage (the route), the
 * status and the to-do (a stage's own) and the page. The sub-shop filter is a store filter
 * (the platform's index has none); the merchant filter is the platform's.
 */
export function orderCountQuery(state: OrderListState, context: { scope: OrderListScope; platform: boolean }): OrderCountQuery {
  const query: OrderCountQuery = {};
  if (context.scope === 'sub') query.sub_shops = true;
  if (state.keyword) query[state.field] = state.keyword;
  if (state.date_from) query.date_from = state.date_from;
  if (state.date_to) query.date_to = state.date_to;
  if (context.platform && state.merchant_id) query.merchant_id = state.merchant_id;
  if (!context.platform && state.sub_shop_id) query.sub_shop_id = state.sub_shop_id;
  return query;
}

/** The list call's query: the tabs' filters, the stage, the status or to-do, the sort and the page. */
export function orderListQuery(state: OrderListState, context: { stage: OrderStage; scope: OrderListScope; platform: boolean }): OrderListQuery {
  const query: OrderListQuery = { ...orderCountQuery(state, context), stage: context.stage, page: state.page, page_size: state.page_size };
  if (state.todo) query.todo = state.todo;
  else if (state.status) query.status = state.status;
  if (state.sort !== 'newest') query.sort = state.sort;
  return query;
}

/** A stage tab's link: the list's filters but the status, the to-do and the page (what its count counts). */
export function stageTabSearch(state: OrderListState): string {
  const search = orderListSearch({ ...state, todo: undefined, status: undefined, page: ORDER_LIST_DEFAULTS.page });
  return search ? `?${search}` : '';
}
