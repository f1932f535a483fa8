/** Privacy requests: their values, the list's state in the URL, how a due day reads. */
import { DEFAULT_PAGE_SIZE, readEnum, readPage, readPageSize, readText, toSearch } from '@/components/filters/listState';
import type { Tone } from '@/components/StatusBadge';
import { isMobilePhone } from '@/lib/phone';

export const REQUEST_STATUSES = ['received', 'in_progress', 'completed', 'refused'] as const;
export const REQUEST_KINDS = ['access', 'correct', 'delete'] as const;
export const CHANNELS = ['phone', 'online', 'email', 'letter', 'in_person'] as const;
export const VERIFICATIONS = ['sms_code', 'id_document', 'face_check', 'account'] as const;
export const LOOKUPS = ['phone', 'id_number'] as const;
export const ATTENTIONS = ['overdue'] as const;

export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export type RequestKind = (typeof REQUEST_KINDS)[number];

export function known<T extends readonly string[]>(values: T, value: string): value is T[number] {
  return (values as readonly string[]).includes(value);
}

export function isOpen(status: string): boolean {
  return status === 'received' || status === 'in_progress';
}

export function statusTone(status: string, overdue: boolean): Tone {
  if (overdue) return 'red';
  if (status === 'completed') return 'green';
  if (status === 'refused') return 'slate';
  if (status === 'in_progress') return 'sky';
  return 'amber';
}

/** How the working days left read: `left` working days, due today, or overdue by some (none once answered). */
export function dueText(left: number | null | undefined): { key: 'daysLeft' | 'dueToday' | 'overdueBy'; count: number } | null {
  if (left === null || left === undefined) return null;
  if (left > 0) return { key: 'daysLeft', count: left };
  if (left === 0) return { key: 'dueToday', count: 0 };
  return { key: 'overdueBy', count: -left };
}

export interface PrivacyListState {
  /** The workbench's to-do: open requests past their due day. */
  attention: (typeof ATTENTIONS)[number] | undefined;
  status: RequestStatus | undefined;
  kind: RequestKind | undefined;
  mine: boolean;
  keyword: string;
  page: number;
  page_size: number;
}

export function parsePrivacyListState(params: URLSearchParams): PrivacyListState {
  return {
    attention: readEnum(params, 'attention', ATTENTIONS),
    status: readEnum(params, 'status', REQUEST_STATUSES),
    kind: readEnum(params, 'kind', REQUEST_KINDS),
    mine: params.get('mine') === '1',
    keyword: readText(params, 'keyword', 30),
    page: readPage(params),
    page_size: readPageSize(params),
  };
}

export function privacyListSearch(state: PrivacyListState): string {
  return toSearch({ ...state, mine: state.mine ? 1 : undefined }, { page: 1, page_size: DEFAULT_PAGE_SIZE, keyword: '' });
}

export function privacyListQuery(state: PrivacyListState) {
  return {
    ...(state.attention ? { attention: state.attention } : {}),
    ...(state.status ? { status: state.status } : {}),
    ...(state.kind ? { kind: state.kind } : {}),
    ...(state.mine ? { mine: true } : {}),
    ...(state.keyword ? { keyword: state.keyword } : {}),
    page: state.page,
    page_size: state.page_size,
  };
}

/** What the create form checks before sending (the server checks again). */
export function createProblems(form: { requester_name: string; requester_phone: string; lookup: string }): Partial<Record<'requester_name' | 'requester_phone' | 'lookup', 'required' | 'phoneInvalid'>> {
  const problems: Partial<Record<'requester_name' | 'requester_phone' | 'lookup', 'required' | 'phoneInvalid'>> = {};
  if (!form.requester_name.trim()) problems.requester_name = 'required';
  if (!form.requester_phone.trim()) problems.requester_phone = 'required';
  else if (!isMobilePhone(form.requester_phone)) problems.requester_phone = 'phoneInvalid';
  if (!form.lookup.trim()) problems.lookup = 'required';
  return problems;
}
