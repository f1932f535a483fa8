/**
 * The platform's aging (/aging): its filters in the URL (merchant, name keyword, sort, page) and
 * the bucket chart's option, built from getPlatformAging's answer (plain objects: testable
 * without a browser). Money stays a string in the answer; the chart plots its number.
 */
import { DEFAULT_PAGE_SIZE, readEnum, readId, readPage, readPageSize, readText, toSearch } from '@/components/filters/listState';
import type { ChartOption } from './chartOptions';

export const AGING_SORTS = ['total_desc', 'total_asc', 'cases_desc'] as const;
export type AgingSort = (typeof AGING_SORTS)[number];
export const AGING_BUCKETS = ['M1', 'M2', 'M3', 'M3+'] as const;

export interface AgingState {
  merchant_id?: number;
  keyword: string;
  sort: AgingSort;
  page: number;
  page_size: number;
}

export function parseAgingState(params: URLSearchParams): AgingState {
  return {
    merchant_id: readId(params, 'merchant_id'),
    keyword: readText(params, 'keyword', 50),
    sort: readEnum(params, 'sort', AGING_SORTS) ?? 'total_desc',
    page: readPage(params),
    page_size: readPageSize(params),
  };
}

export function agingSearch(state: AgingState): string {
  return toSearch({ ...state }, { sort: 'total_desc', page: 1, page_size: DEFAULT_PAGE_SIZE });
}

export function hasAgingFilters(state: AgingState): boolean {
  return Boolean(state.merchant_id || state.keyword);
}

export function agingQuery(state: AgingState) {
  return {
    ...(state.merchant_id ? { merchant_id: state.merchant_id } : {}),
    ...(state.keyword ? { keyword: state.keyword } : {}),
    ...(state.sort !== 'total_desc' ? { sort: state.sort } : {}),
    page: state.page,
    page_size: state.page_size,
  };
}

export interface AgingBucketFigures {
  bucket: string;
  rent_owed: string;
  late_fee_owed: string;
  charges_owed: string;
}

const COLORS = ['#2563eb', '#f59e0b', '#dc2626'];

/** Per bucket (M1 … M3+), what is owed: rent, late fees and other charges side by side. */
export function agingOption(buckets: readonly AgingBucketFigures[], names: { rent: string; lateFees: string; charges: string }): ChartOption {
  return {
    color: COLORS,
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 8, right: 8, top: 32, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: buckets.map((bucket) => bucket.bucket) },
    yAxis: [{ type: 'value' }],
    series: [
      { name: names.rent, type: 'bar', data: buckets.map((bucket) => Number(bucket.rent_owed)) },
      { name: names.lateFees, type: 'bar', data: buckets.map((bucket) => Number(bucket.late_fee_owed)) },
      { name: names.charges, type: 'bar', data: buckets.map((bucket) => Number(bucket.charges_owed)) },
    ],
  };
}
