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

export const AUTHORITIES = ['court', 'procuratorate', 'police', 'regulator', 'arbitration'] as const;
/** How far back a hold may start (the authority's letter may arrive late); the server holds the same. */
export const HOLD_STARTS_DAYS_BACK = 90;

export type HoldProblem = 'required' | 'tooShort' | 'customerInvalid' | 'startsRange' | 'endsAfterToday' | 'endsBeforeStart';
export interface HoldForm {
  customer_id: string;
  authority_name: string;
  reference: string;
  reason: string;
  starts_on: string;
  ends_on: string;
}

/** What the legal hold form checks before sending (the server checks again): `today` and `earliest` are China days. */
export function holdProblems(form: HoldForm, today: string, earliest: string): Partial<Record<keyof HoldForm, HoldProblem>> {
  const problems: Partial<Record<keyof HoldForm, HoldProblem>> = {};
  if (!form.customer_id.trim()) problems.customer_id = 'required';
  else if (!/^[1-9]\d{0,17}$/.test(form.customer_id.trim())) problems.customer_id = 'customerInvalid';
  for (const field of ['authority_name', 'reference', 'reason'] as const) {
    const text = form[field].trim();
    if (!text) problems[field] = 'required';
    else if (text.length < 2) problems[field] = 'tooShort';
  }
  if (form.starts_on && (form.starts_on < earliest || form.starts_on > today)) problems.starts_on = 'startsRange';
  if (form.ends_on) {
    if (form.ends_on <= today) problems.ends_on = 'endsAfterToday';
    else if (form.starts_on && form.ends_on <= form.starts_on) problems.ends_on = 'endsBeforeStart';
  }
  return problems;
}

export type LiftProblem = 'required' | 'tooShort' | 'idNumberInvalid' | 'phoneInvalid';
export interface LiftForm {
  id_number: string;
  phone: string;
  reason: string;
}

/** What the suppression lift form checks: an ID number of 15 to 20 characters (digits, a final X), an optional mobile phone, the consent's reason. */
export function liftProblems(form: LiftForm): Partial<Record<keyof LiftForm, LiftProblem>> {
  const problems: Partial<Record<keyof LiftForm, LiftProblem>> = {};
  const idNumber = form.id_number.trim();
  if (!idNumber) problems.id_number = 'required';
  else if (!/^\d{14,19}[\dXx]$/.test(idNumber)) problems.id_number = 'idNumberInvalid';
  if (form.phone.trim() && !isMobilePhone(form.phone)) problems.phone = 'phoneInvalid';
  const reason = form.reason.trim();
  if (!reason) problems.reason = 'required';
  else if (reason.length < 2) problems.reason = 'tooShort';
  return problems;
}
