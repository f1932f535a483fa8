/**
 * The units list's vocabulary and its state in the URL (STYLE 8): statuses (apps/assets/machine.py),
 * grades (the goods' fineness), where a unit is, and the tabs with the server's counts.
 */
import { DEFAULT_PAGE_SIZE, readEnum, readId, readPage, readPageSize, readText, toSearch } from '@/components/filters/listState';
import type { Tone } from '@/components/StatusBadge';
import type { StatusCounts, UnitListQuery } from '../types';

export const UNIT_STATUSES = ['serial_pending', 'in_stock', 'in_transit', 'out_with_customer', 'returning', 'received', 'inspecting', 'quarantined', 'in_repair', 'sold', 'lost', 'scrapped'] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];

/** One grade vocabulary: the goods' fineness a unit can be sold as. */
export const GRADES = ['new', '99', '95', '90', '80'] as const;
export type Grade = (typeof GRADES)[number];

/** Where a unit is: the warehouse, or a sub-shop by id. */
export const WAREHOUSE = 'warehouse';

const TONES: Record<UnitStatus, Tone> = {
  serial_pending: 'amber',
  in_stock: 'green',
  in_transit: 'sky',
  out_with_customer: 'sky',
  returning: 'amber',
  received: 'slate',
  inspecting: 'amber',
  quarantined: 'red',
  in_repair: 'amber',
  sold: 'slate',
  lost: 'red',
  scrapped: 'slate',
};

export function isUnitStatus(value: string): value is UnitStatus {
  return (UNIT_STATUSES as readonly string[]).includes(value);
}

export function isGrade(value: string): value is Grade {
  return (GRADES as readonly string[]).includes(value);
}

export function unitStatusTone(status: string): Tone {
  return isUnitStatus(status) ? TONES[status] : 'slate';
}

export interface UnitListState {
  status: UnitStatus | undefined;
  sku_id: number | undefined;
  /** '' every place, 'warehouse', or a sub-shop's id as text. */
  place: string;
  grade: Grade | undefined;
  supplier_id: number | undefined;
  keyword: string;
  page: number;
  page_size: number;
}

export function parseUnitListState(params: URLSearchParams): UnitListState {
  const place = readText(params, 'place', 12);
  return {
    status: readEnum(params, 'status', UNIT_STATUSES),
    sku_id: readId(params, 'sku_id'),
    place: place === WAREHOUSE || /^\d{1,12}$/.test(place) ? place : '',
    grade: readEnum(params, 'grade', GRADES),
    supplier_id: readId(params, 'supplier_id'),
    keyword: readText(params, 'keyword', 64),
    page: readPage(params),
    page_size: readPageSize(params),
  };
}

export function unitListSearch(state: UnitListState): string {
  return toSearch({ ...state }, { page: 1, page_size: DEFAULT_PAGE_SIZE });
}

/** The filters as getUnitList (and the export of kind `units`) takes them, without the page. */
export function unitFilters(state: UnitListState): Omit<UnitListQuery, 'page' | 'page_size'> {
  const filters: Omit<UnitListQuery, 'page' | 'page_size'> = {};
  if (state.status) filters.status = state.status;
  if (state.sku_id) filters.sku_id = state.sku_id;
  if (state.place === WAREHOUSE) filters.warehouse = true;
  else if (state.place) filters.sub_shop_id = Number(state.place);
  if (state.grade) filters.grade = state.grade;
  if (state.supplier_id) filters.supplier_id = state.supplier_id;
  if (state.keyword) filters.keyword = state.keyword;
  return filters;
}

export function unitListQuery(state: UnitListState): UnitListQuery {
  return { ...unitFilters(state), page: state.page, page_size: state.page_size };
}

/** Any filter besides the status tab (the empty state then offers to clear them). */
export function hasUnitFilters(state: UnitListState): boolean {
  return Boolean(state.sku_id || state.place || state.grade || state.supplier_id || state.keyword);
}

export interface StatusTab<S extends string> {
  value: S | undefined;
  /** A number, or "10000+" where the server stopped counting (`status_counts_capped`). */
  count: number | string | undefined;
}

/**
 * The tabs: all, then one per status, each with the server's count under the list's other
 * filters (`status_counts`), so a tab's count is the total of the list it opens. Until the
 * counts arrive no number is shown (never a guessed 0).
 */
export function statusTabs<S extends string>(statuses: readonly S[], counts: StatusCounts | undefined, capped: readonly string[] = []): StatusTab<S>[] {
  const count = (name: string) => {
    if (!counts) return undefined;
    const value = counts[name] ?? 0;
    return capped.includes(name) ? `${value}+` : value;
  };
  return [{ value: undefined, count: count('all') }, ...statuses.map((status) => ({ value: status, count: count(status) }))];
}

/** A unit's identifiers in one line: serial, IMEIs, MEID (the ones it has). */
export function unitCodes(unit: { serial_number: string; imei1: string; imei2: string; meid: string }): string[] {
  return [unit.serial_number, unit.imei1, unit.imei2, unit.meid].filter((code) => code);
}

export function unitHref(id: number): string {
  return `/assets/${id}`;
}

/** The units list filtered to one SKU (a tracked SKU's stock is its units). */
export function skuUnitsHref(skuId: number): string {
  return `/assets?sku_id=${skuId}`;
}

/** Where units are received from suppliers (采购入库). */
export const STOCK_RECEIPTS_HREF = '/stockReceipts';

/** The unit actions the detail offers (getUnitDetail `actions`); the serial's move has one name in the machine. */
export const ADJUST_ACTIONS = ['lose', 'find', 'restock', 'release', 'scrap'] as const;
export type AdjustActionName = (typeof ADJUST_ACTIONS)[number];
export const SERIAL_ACTIONS = ['serial_record', 'record_serial'] as const;

export function isAdjustAction(action: string): action is (typeof ADJUST_ACTIONS)[number] {
  return (ADJUST_ACTIONS as readonly string[]).includes(action);
}

export function isSerialAction(action: string): boolean {
  return (SERIAL_ACTIONS as readonly string[]).includes(action);
}
