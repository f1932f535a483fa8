/**
 * The asset report's state in the URL (/assetReport; docs/assets.md "The asset report"): the
 * grouping, the filters (SKU, category, place) and the idle threshold; its query and the
 * export's filters are the same.
 */
import { readEnum, readId, readPage, readText, toSearch } from '@/components/filters/listState';
import type { AssetReportQuery } from '../types';
import { WAREHOUSE } from './units';

export const REPORT_GROUPS = ['sku', 'category', 'sub_shop'] as const;
export type AssetReportGroup = (typeof REPORT_GROUPS)[number];
export const IDLE_DAYS = [7, 15, 30, 60, 90, 180] as const;
export const IDLE_DAYS_DEFAULT = 30;
/** Groups a page: the report sums every group, the table shows a page of them. */
export const REPORT_PAGE_SIZE = 100;

export interface AssetReportState {
  group_by: AssetReportGroup;
  sku_id: number | undefined;
  category_id: number | undefined;
  /** '' every place, 'warehouse', or a sub-shop's id as text. */
  place: string;
  idle_days: number;
  /** The page of groups (REPORT_PAGE_SIZE a page). */
  page: number;
}

export function parseAssetReportState(params: URLSearchParams): AssetReportState {
  const place = readText(params, 'place', 12);
  const idle = Number(params.get('idle_days'));
  return {
    group_by: readEnum(params, 'group_by', REPORT_GROUPS) ?? 'sku',
    sku_id: readId(params, 'sku_id'),
    category_id: readId(params, 'category_id'),
    place: place === WAREHOUSE || /^\d{1,12}$/.test(place) ? place : '',
    idle_days: Number.isInteger(idle) && idle >= 1 && idle <= 3650 ? idle : IDLE_DAYS_DEFAULT,
    page: readPage(params),
  };
}

export function assetReportSearch(state: AssetReportState): string {
  return toSearch(
    { group_by: state.group_by, sku_id: state.sku_id, category_id: state.category_id, place: state.place, idle_days: state.idle_days, page: state.page },
    { group_by: 'sku', idle_days: IDLE_DAYS_DEFAULT, page: 1 },
  );
}

export function assetReportQuery(state: AssetReportState): AssetReportQuery {
  const query: AssetReportQuery = { group_by: state.group_by, idle_days: state.idle_days };
  if (state.sku_id) query.sku_id = state.sku_id;
  if (state.category_id) query.category_id = state.category_id;
  if (state.place === WAREHOUSE) query.warehouse = true;
  else if (state.place) query.sub_shop_id = Number(state.place);
  return query;
}

/** The report's call: the filters and, past the first, the page (the export takes every group). */
export function assetReportPageQuery(state: AssetReportState): AssetReportQuery {
  const query = assetReportQuery(state);
  return state.page > 1 ? { ...query, page: state.page } : query;
}

export function hasReportFilters(state: AssetReportState): boolean {
  return Boolean(state.sku_id || state.category_id || state.place);
}

/** What clicking a group's name filters by: its SKU, its category or its place. */
export function groupFilter(group: AssetReportGroup, key: string | null): Partial<AssetReportState> {
  if (group === 'sku') return key ? { sku_id: Number(key) } : {};
  if (group === 'category') return key ? { category_id: Number(key) } : {};
  return { place: key ?? WAREHOUSE };
}

/** A bar's width for a percent (payback may pass 100: the bar stops at its end). */
export function barWidth(percent: string | null | undefined): number {
  const value = Number(percent ?? 0);
  return Number.isFinite(value) ? Math.max(0, Math.min(100, value)) : 0;
}
