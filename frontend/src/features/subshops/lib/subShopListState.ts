import { DEFAULT_PAGE_SIZE, readEnum, readPage, readPageSize, readText, toSearch } from '@/components/filters/listState';
import type { SubShopListParams } from '../queries';

export const SUB_SHOP_STATUSES = ['active', 'disabled'] as const;
export type SubShopStatus = (typeof SUB_SHOP_STATUSES)[number];

export interface SubShopListState {
  keyword: string;
  status: SubShopStatus | undefined;
  page: number;
  page_size: number;
}

export const SUB_SHOP_LIST_DEFAULTS: SubShopListState = { keyword: '', status: undefined, page: 1, page_size: DEFAULT_PAGE_SIZE };

export function parseSubShopListState(params: Pick<URLSearchParams, 'get'>): SubShopListState {
  return {
    keyword: readText(params, 'keyword'),
    status: readEnum(params, 'status', SUB_SHOP_STATUSES),
    page: readPage(params),
    page_size: readPageSize(params),
  };
}

export function subShopListSearch(state: SubShopListState): string {
  return toSearch({ ...state }, { ...SUB_SHOP_LIST_DEFAULTS });
}

export function subShopListParams(state: SubShopListState): SubShopListParams {
  return {
    page: state.page,
    page_size: state.page_size,
    ...(state.keyword ? { keyword: state.keyword } : {}),
    ...(state.status ? { status: state.status } : {}),
  };
}

/** The other status: what the enable/disable action moves to. Disabling needs a reason. */
export function toggledStatus(status: string): { to: SubShopStatus; needsReason: boolean } {
  return status === 'active' ? { to: 'disabled', needsReason: true } : { to: 'active', needsReason: false };
}
