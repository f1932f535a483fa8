import { DEFAULT_PAGE_SIZE, readEnum, readPage, readPageSize, readText, toSearch } from '@/components/filters/listState';
import { MERCHANT_STATUSES, type MerchantStatus } from './status';

export const MERCHANT_SORTS = ['created_at', 'name'] as const;
export const SORT_ORDERS = ['desc', 'asc'] as const;

export interface MerchantListState {
  keyword: string;
  status: MerchantStatus | undefined;
  sort_by: (typeof MERCHANT_SORTS)[number];
  sort_order: (typeof SORT_ORDERS)[number];
  page: number;
  page_size: number;
}

export const MERCHANT_LIST_DEFAULTS: MerchantListState = {
  keyword: '',
  status: undefined,
  sort_by: 'created_at',
  sort_order: 'desc',
  page: 1,
  page_size: DEFAULT_PAGE_SIZE,
};

export function parseMerchantListState(params: Pick<URLSearchParams, 'get'>): MerchantListState {
  return {
    keyword: readText(params, 'keyword'),
    status: readEnum(params, 'status', MERCHANT_STATUSES),
    sort_by: readEnum(params, 'sort_by', MERCHANT_SORTS) ?? MERCHANT_LIST_DEFAULTS.sort_by,
    sort_order: readEnum(params, 'sort_order', SORT_ORDERS) ?? MERCHANT_LIST_DEFAULTS.sort_order,
    page: readPage(params),
    page_size: readPageSize(params),
  };
}

export function merchantListSearch(state: MerchantListState): string {
  return toSearch({ ...state }, { ...MERCHANT_LIST_DEFAULTS });
}

/** The list call's parameters: an empty keyword is not sent. */
export function merchantListParams(state: MerchantListState) {
  return {
    page: state.page,
    page_size: state.page_size,
    sort_by: state.sort_by,
    sort_order: state.sort_order,
    ...(state.keyword ? { keyword: state.keyword } : {}),
    ...(state.status ? { status: state.status } : {}),
  };
}
