/**
 * Filter, sort and page state kept in the URL (STYLE 8). Reading is forgiving: an unknown status,
 * a page of "abc" or a page size of 10 000 fall back to the defaults, so any hand-edited or stale
 * link still opens a working list. Writing leaves defaults out, so links stay short.
 */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

type Params = Pick<URLSearchParams, 'get'>;

export function readText(params: Params, key: string, maxLength = 50): string {
  return (params.get(key) ?? '').trim().slice(0, maxLength);
}

export function readEnum<T extends string>(params: Params, key: string, values: readonly T[]): T | undefined {
  const raw = params.get(key);
  return values.find((value) => value === raw);
}

export function readPage(params: Params, key = 'page'): number {
  const raw = params.get(key) ?? '';
  if (!/^\d{1,6}$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 ? page : 1;
}

export function readPageSize(params: Params, key = 'page_size'): number {
  const raw = Number(params.get(key));
  return (PAGE_SIZES as readonly number[]).includes(raw) ? raw : DEFAULT_PAGE_SIZE;
}

/** A query string holding only the values that differ from `defaults` (no leading "?"). */
export function toSearch(state: Record<string, string | number | undefined>, defaults: Record<string, string | number | undefined> = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(state)) {
    if (value === undefined || value === '' || value === defaults[key]) continue;
    query.set(key, String(value));
  }
  return query.toString();
}

/** Changing a filter starts again from page 1; changing only the page keeps the filters. */
export function withPatch<S extends { page: number }>(state: S, patch: Partial<S>): S {
  const onlyPage = Object.keys(patch).every((key) => key === 'page');
  return { ...state, ...patch, page: onlyPage ? (patch.page ?? state.page) : 1 };
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A positive integer id (category_id, merchant_id), or undefined. */
export function readId(params: Params, key: string): number | undefined {
  const raw = params.get(key) ?? '';
  if (!/^\d{1,12}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 ? id : undefined;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day "YYYY-MM-DD" (a date filter), or "" when missing or not a real day. */
export function readDay(params: Params, key: string): string {
  const raw = params.get(key) ?? '';
  return DAY.test(raw) && !Number.isNaN(Date.parse(`${raw}T00:00:00Z`)) ? raw : '';
}
