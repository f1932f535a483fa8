import { DEFAULT_PAGE_SIZE, readEnum, readPage, readPageSize, readText, toSearch } from '@/components/filters/listState';
import type { ShareLinkListQuery } from '../queries';

export const SHARE_LINK_STATUSES = ['active', 'deleted'] as const;
export type ShareLinkStatus = (typeof SHARE_LINK_STATUSES)[number];
export const LANDING_TYPES = ['shop', 'category', 'goods'] as const;
export type LandingType = (typeof LANDING_TYPES)[number];

export interface ShareLinkListState {
  keyword: string;
  channel: string;
  status: ShareLinkStatus;
  page: number;
  page_size: number;
}

export const SHARE_LINK_LIST_DEFAULTS: ShareLinkListState = { keyword: '', channel: '', status: 'active', page: 1, page_size: DEFAULT_PAGE_SIZE };

export function parseShareLinkListState(params: Pick<URLSearchParams, 'get'>): ShareLinkListState {
  return {
    keyword: readText(params, 'keyword'),
    channel: readText(params, 'channel', 40),
    status: readEnum(params, 'status', SHARE_LINK_STATUSES) ?? 'active',
    page: readPage(params),
    page_size: readPageSize(params),
  };
}

export function shareLinkListSearch(state: ShareLinkListState): string {
  return toSearch({ ...state }, { ...SHARE_LINK_LIST_DEFAULTS });
}

export function shareLinkListQuery(state: ShareLinkListState): ShareLinkListQuery {
  return {
    page: state.page,
    page_size: state.page_size,
    status: state.status,
    ...(state.keyword ? { keyword: state.keyword } : {}),
    ...(state.channel ? { channel: state.channel } : {}),
  };
}

/** The form's values as the call takes them: no id for the shop's home, empty choices as none. */
export interface ShareLinkFormValues {
  name: string;
  channel: string;
  landing_type: LandingType;
  landing_id: string;
  salesman_id: string;
  sub_shop_id: string;
  remark: string;
}

function idOrNull(value: string): number | null {
  const trimmed = value.trim();
  return /^\d{1,15}$/.test(trimmed) && Number(trimmed) > 0 ? Number(trimmed) : null;
}

export function shareLinkBody(values: ShareLinkFormValues) {
  return {
    name: values.name.trim(),
    channel: values.channel,
    landing_type: values.landing_type,
    landing_id: values.landing_type === 'shop' ? null : idOrNull(values.landing_id),
    salesman_id: idOrNull(values.salesman_id),
    sub_shop_id: idOrNull(values.sub_shop_id),
    remark: values.remark.trim(),
  };
}

/** Whom a link is attributed to, as the list shows it: its sub-shop and salesman, or the whole shop. */
export function attribution(link: { sub_shop_name: string; salesman_name: string }, shopWide: string): string {
  const parts = [link.sub_shop_name, link.salesman_name].filter(Boolean);
  return parts.length ? parts.join(' · ') : shopWide;
}
