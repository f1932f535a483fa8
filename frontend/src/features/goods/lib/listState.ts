/** The goods lists' filters in the URL (STYLE 8), read forgivingly and written without defaults. */
import { DEFAULT_PAGE_SIZE, readEnum, readId, readPage, readPageSize, readText, toSearch } from '@/components/filters/listState';
import { GOODS_STATUSES, type GoodsStatus } from '../types';

export interface GoodsListState {
  status: GoodsStatus | undefined;
  category_id: number | undefined;
  merchant_id: number | undefined;
  keyword: string;
  page: number;
  page_size: number;
}

export const GOODS_LIST_DEFAULTS: GoodsListState = { status: undefined, category_id: undefined, merchant_id: undefined, keyword: '', page: 1, page_size: DEFAULT_PAGE_SIZE };

export function parseGoodsListState(params: Pick<URLSearchParams, 'get'>): GoodsListState {
  return {
    status: readEnum(params, 'status', GOODS_STATUSES),
    category_id: readId(params, 'category_id'),
    merchant_id: readId(params, 'merchant_id'),
    keyword: readText(params, 'keyword'),
    page: readPage(params),
    page_size: readPageSize(params),
  };
}

export function goodsListSearch(state: GoodsListState): string {
  return toSearch({ ...state }, { ...GOODS_LIST_DEFAULTS });
}

/** The list call's parameters: empty filters are not sent. */
export function goodsListParams(state: GoodsListState) {
  return {
    page: state.page,
    page_size: state.page_size,
    ...(state.status ? { status: state.status } : {}),
    ...(state.category_id ? { category_id: state.category_id } : {}),
    ...(state.merchant_id ? { merchant_id: state.merchant_id } : {}),
    ...(state.keyword ? { keyword: state.keyword } : {}),
  };
}

/** The store goods list as an export (kind `goods`): its filters without paging (GoodsFiltersIn). */
export function goodsExportFilters(state: Pick<GoodsListState, 'status' | 'category_id' | 'keyword'>) {
  return {
    ...(state.status ? { status: state.status } : {}),
    ...(state.category_id ? { category_id: state.category_id } : {}),
    ...(state.keyword ? { keyword: state.keyword } : {}),
  };
}

export interface GainListState {
  gain_type: string;
  keyword: string;
  page: number;
  page_size: number;
}

export const GAIN_LIST_DEFAULTS: GainListState = { gain_type: '', keyword: '', page: 1, page_size: DEFAULT_PAGE_SIZE };

export function parseGainListState(params: Pick<URLSearchParams, 'get'>): GainListState {
  return { gain_type: readText(params, 'gain_type', 30), keyword: readText(params, 'keyword'), page: readPage(params), page_size: readPageSize(params) };
}

export function gainListSearch(state: GainListState): string {
  return toSearch({ ...state }, { ...GAIN_LIST_DEFAULTS });
}

export function gainListParams(state: GainListState) {
  return { page: state.page, page_size: state.page_size, ...(state.gain_type ? { gain_type: state.gain_type } : {}), ...(state.keyword ? { keyword: state.keyword } : {}) };
}

/** The platform's add-on list: every merchant's, with a status pill and a merchant select. */
export const GAIN_STATUSES = ['enabled', 'disabled'] as const;
export type GainStatusFilter = (typeof GAIN_STATUSES)[number];

export interface PlatformGainListState extends GainListState {
  status: GainStatusFilter | undefined;
  merchant_id: number | undefined;
}

export const PLATFORM_GAIN_LIST_DEFAULTS: PlatformGainListState = { ...GAIN_LIST_DEFAULTS, status: undefined, merchant_id: undefined };

export function parsePlatformGainListState(params: Pick<URLSearchParams, 'get'>): PlatformGainListState {
  return { ...parseGainListState(params), status: readEnum(params, 'status', GAIN_STATUSES), merchant_id: readId(params, 'merchant_id') };
}

export function platformGainListSearch(state: PlatformGainListState): string {
  return toSearch({ ...state }, { ...PLATFORM_GAIN_LIST_DEFAULTS });
}

export function platformGainListParams(state: PlatformGainListState) {
  return {
    ...gainListParams(state),
    ...(state.status ? { status: state.status === 'enabled' ? (1 as const) : (0 as const) } : {}),
    ...(state.merchant_id ? { merchant_id: state.merchant_id } : {}),
  };
}
