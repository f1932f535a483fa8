/**
 * What the customer-service screens decide without the server: a template's variables and
 * whether the shop's form names only known ones (the server checks again), moving a notice
 * up or down, and the customers list's filters kept in the URL.
 */
import { readEnum, readPage, readPageSize, readText, toSearch, DEFAULT_PAGE_SIZE } from '@/components/filters/listState';
import { isMobilePhone } from '@/lib/phone';

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** The variables a template names, in order ("{name}您好" → ["name"]). */
export function templateVariables(content: string): string[] {
  return [...content.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');
}

/** Variables the template names that the shop cannot use (none: it may be saved). */
export function unknownVariables(content: string, known: readonly string[]): string[] {
  const allowed = new Set(known);
  return [...new Set(templateVariables(content).filter((name) => !allowed.has(name)))];
}

/** An ID number (15 or 18 characters) written into a template: never sent to customers. */
export function holdsIdNumber(content: string): boolean {
  return /(^|[^0-9])([0-9]{17}[0-9Xx]|[0-9]{15})(?![0-9])/.test(content);
}

/** The list with the item at `index` moved by `delta` (-1 up, +1 down); unchanged at the ends. */
export function moved<T>(items: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item as T);
  return next;
}

export const BLACKLIST_FILTERS = ['yes', 'no'] as const;
export type BlacklistFilter = (typeof BLACKLIST_FILTERS)[number];

export interface CustomerListState {
  keyword: string;
  overdue: boolean;
  blacklisted: BlacklistFilter | undefined;
  page: number;
  page_size: number;
}

export function customerListParser(params: URLSearchParams): CustomerListState {
  return {
    keyword: readText(params, 'keyword'),
    overdue: params.get('overdue') === '1',
    blacklisted: readEnum(params, 'blacklisted', BLACKLIST_FILTERS),
    page: readPage(params),
    page_size: readPageSize(params),
  };
}

export function customerListSearch(state: CustomerListState): string {
  return toSearch(
    { keyword: state.keyword, overdue: state.overdue ? '1' : undefined, blacklisted: state.blacklisted, page: state.page, page_size: state.page_size },
    { page: 1, page_size: DEFAULT_PAGE_SIZE },
  );
}

/** The list call's query for the URL's state. */
export function customerQuery(state: CustomerListState) {
  return {
    keyword: state.keyword,
    overdue: state.overdue,
    ...(state.blacklisted ? { blacklisted: state.blacklisted === 'yes' } : {}),
    page: state.page,
    page_size: state.page_size,
  };
}

/** Names the message catalogue words itself (the server's own wording is the fallback). */
export const VARIABLE_NAMES = ['name', 'order_no', 'goods', 'period', 'amount', 'due_date', 'overdue_amount', 'lease_end', 'shop_name', 'shop_phone', 'service_hours'] as const;
export const PLATFORM_TEMPLATE_CODES = ['bill_due', 'bill_overdue', 'return_reminder', 'service_contact'] as const;
export const BILL_STATES = ['unpaid', 'overdue', 'paying', 'paid', 'cancelled'] as const;

export function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

export const BLACKLIST_STATUSES = ['active', 'lifted'] as const;
export type BlacklistStatus = (typeof BLACKLIST_STATUSES)[number];

/** The blacklist view of /customers (`?view=blacklist`): its status filter and page. */
export interface BlacklistListState {
  status: BlacklistStatus | undefined;
  page: number;
  page_size: number;
}

export function blacklistListParser(params: URLSearchParams): BlacklistListState {
  return { status: readEnum(params, 'status', BLACKLIST_STATUSES), page: readPage(params), page_size: readPageSize(params) };
}

export function blacklistListSearch(state: BlacklistListState): string {
  return toSearch({ view: 'blacklist', status: state.status, page: state.page, page_size: state.page_size }, { page: 1, page_size: DEFAULT_PAGE_SIZE });
}

/** A person blacklisted by hand: an 18-character ID number (the last may be X), a phone if any. */
export function personProblems(person: { id_number: string; phone: string; reason: string }): Partial<Record<'id_number' | 'phone' | 'reason', 'idNumber' | 'phone' | 'required'>> {
  const problems: Partial<Record<'id_number' | 'phone' | 'reason', 'idNumber' | 'phone' | 'required'>> = {};
  if (!/^\d{17}[\dXx]$/.test(person.id_number.trim())) problems.id_number = 'idNumber';
  if (person.phone.trim() && !isMobilePhone(person.phone)) problems.phone = 'phone';
  if (!person.reason.trim()) problems.reason = 'required';
  return problems;
}
