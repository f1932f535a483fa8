/**
 * Withdrawals (tenants/finance): the statuses and their tones, the list's URL state, the apply
 * form's check, and what the approve dialog says. Amounts stay decimal strings, compared as
 * integer cents (lib/money).
 */
import type { Tone } from '@/components/StatusBadge';
import type { HistoryEntry } from '@/components/history/HistoryList';
import { statusTimeline, type StatusMoveRow } from '@/components/history/statusTimeline';
import { readEnum, readId, readPage, readPageSize, readText, toSearch, DEFAULT_PAGE_SIZE } from '@/components/filters/listState';
import { isPositive, notAbove, parseMoneyInput } from '@/lib/money';

export const WITHDRAWAL_STATUSES = ['pending', 'reviewing', 'paying', 'paid', 'failed', 'rejected', 'cancelled'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** Refusals the screens explain in their own words. */
export const IDEMPOTENCY_KEY_REUSED = 1101;
export const WITHDRAWAL_EXCEEDS_BALANCE = 1403;
export const WITHDRAWAL_SAME_APPROVER = 1404;
export const NO_SETTLEMENT_ACCOUNT = 1405;
/** The backend's longest remark and rejection reason. */
export const REMARK_MAX = 200;
export const REJECT_REASON_MAX = 300;

const TONES: Record<WithdrawalStatus, Tone> = {
  pending: 'amber',
  reviewing: 'amber',
  paying: 'sky',
  paid: 'green',
  failed: 'red',
  rejected: 'red',
  cancelled: 'slate',
};

export function isWithdrawalStatus(value: string): value is WithdrawalStatus {
  return (WITHDRAWAL_STATUSES as readonly string[]).includes(value);
}

export function statusTone(status: string): Tone {
  return isWithdrawalStatus(status) ? TONES[status] : 'slate';
}

/**
 * What approving does now: pays it out (`pays`), or — above the two-person threshold on its
 * first approval — waits for a second, different account (`first`).
 */
export function approvalStep(row: { needs_two: boolean; approvals_needed: number }): 'first' | 'pays' {
  return row.needs_two && row.approvals_needed > 1 ? 'first' : 'pays';
}

// --- the list's URL state -------------------------------------------------------------------

export interface WithdrawalListState {
  status?: WithdrawalStatus;
  date_from: string;
  date_to: string;
  withdrawal_no: string;
  merchant_id?: number;
  page: number;
  page_size: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const readDate = (params: URLSearchParams, key: string) => {
  const value = readText(params, key, 10);
  return DATE.test(value) ? value : '';
};

export function parseWithdrawalListState(params: URLSearchParams): WithdrawalListState {
  return {
    status: readEnum(params, 'status', WITHDRAWAL_STATUSES),
    date_from: readDate(params, 'date_from'),
    date_to: readDate(params, 'date_to'),
    withdrawal_no: readText(params, 'withdrawal_no', 32),
    merchant_id: readId(params, 'merchant_id'),
    page: readPage(params),
    page_size: readPageSize(params),
  };
}

export function withdrawalListSearch(state: WithdrawalListState): string {
  return toSearch({ ...state }, { page: 1, page_size: DEFAULT_PAGE_SIZE });
}

export function hasWithdrawalFilters(state: WithdrawalListState): boolean {
  return Boolean(state.status || state.date_from || state.date_to || state.withdrawal_no || state.merchant_id);
}

/** The filters both the list and the tab counts take (the counts leave the status out). */
export function withdrawalFilters(state: WithdrawalListState, platform: boolean) {
  return {
    ...(state.date_from ? { date_from: state.date_from } : {}),
    ...(state.date_to ? { date_to: state.date_to } : {}),
    ...(state.withdrawal_no ? { withdrawal_no: state.withdrawal_no } : {}),
    ...(platform && state.merchant_id ? { merchant_id: state.merchant_id } : {}),
  };
}

export function withdrawalListQuery(state: WithdrawalListState, platform: boolean) {
  return { ...withdrawalFilters(state, platform), ...(state.status ? { status: state.status } : {}), page: state.page, page_size: state.page_size };
}

// --- the apply form ---------------------------------------------------------------------------

export type ApplyProblem = { field: 'amount'; problem: 'required' | 'invalid' | 'tooHigh' | 'nothingWithdrawable' } | { field: 'remark'; problem: 'tooLong' };

/** What the apply form sends: a positive two-place amount within the withdrawable balance, the remark trimmed. */
export function applyWithdrawInput(form: { amount: string; remark: string }, withdrawable: string): { body: { amount: string; remark: string } } | { problems: ApplyProblem[] } {
  const problems: ApplyProblem[] = [];
  let amount = '';
  if (!isPositive(withdrawable)) problems.push({ field: 'amount', problem: 'nothingWithdrawable' });
  else if (form.amount.trim() === '') problems.push({ field: 'amount', problem: 'required' });
  else {
    const parsed = parseMoneyInput(form.amount);
    if (parsed === null) problems.push({ field: 'amount', problem: 'invalid' });
    else if (!notAbove(parsed, withdrawable)) problems.push({ field: 'amount', problem: 'tooHigh' });
    else amount = parsed;
  }
  const remark = form.remark.trim();
  if ([...remark].length > REMARK_MAX) problems.push({ field: 'remark', problem: 'tooLong' });
  return problems.length > 0 ? { problems } : { body: { amount, remark } };
}

// --- the timeline -----------------------------------------------------------------------------

export type WithdrawalTimelineRow = StatusMoveRow;

/** A withdrawal's status moves as entries of the kit's history list ("提现状态 由 待审核 改为 待复核"). */
export function withdrawalTimeline(rows: readonly WithdrawalTimelineRow[]): HistoryEntry[] {
  return statusTimeline(rows, 'withdrawal', 'withdrawal_status');
}
