/**
 * Reconciliation with the payment provider (tenants/finance/reconciliation.py): the run and
 * difference statuses with their tones, the kinds of difference, the resolutions, and the
 * list's URL state.
 */
import type { Tone } from '@/components/StatusBadge';
import { readDay, readEnum, readId, readPage, readPageSize, toSearch, DEFAULT_PAGE_SIZE } from '@/components/filters/listState';

export const RUN_STATUSES = ['mismatched', 'failed', 'running', 'resolved', 'balanced'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export const MISMATCH_KINDS = ['missing_in_ledger', 'missing_at_provider', 'status_differs', 'amount_differs', 'totals_differ', 'books_differ'] as const;
export type MismatchKind = (typeof MISMATCH_KINDS)[number];

export const RESOLUTIONS = ['synced', 'written_off', 'provider_error', 'other'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

export const OPERATIONS = ['pay', 'withhold', 'refund', 'freeze', 'thaw', 'transfer', 'payout'] as const;
export type Operation = (typeof OPERATIONS)[number];

/** Refusals the screen explains in its own words. */
export const RECONCILIATION_NOT_SYNCABLE = 1450;
export const RECONCILIATION_NOTHING_TO_SYNC = 1451;
/** The backend's longest note. */
export const NOTE_MAX = 300;

const RUN_TONES: Record<RunStatus, Tone> = {
  balanced: 'green',
  resolved: 'sky',
  mismatched: 'amber',
  failed: 'red',
  running: 'slate',
};

function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

export const isRunStatus = (value: string): value is RunStatus => isOneOf(RUN_STATUSES, value);
export const isMismatchKind = (value: string): value is MismatchKind => isOneOf(MISMATCH_KINDS, value);
export const isResolution = (value: string): value is Resolution => isOneOf(RESOLUTIONS, value);
export const isOperation = (value: string): value is Operation => isOneOf(OPERATIONS, value);

export function runTone(status: string): Tone {
  return isRunStatus(status) ? RUN_TONES[status] : 'slate';
}

// --- the list's URL state -------------------------------------------------------------------

export interface RunListState {
  status?: RunStatus;
  merchant_id?: number;
  date_from: string;
  date_to: string;
  page: number;
  page_size: number;
}

export function parseRunListState(params: URLSearchParams): RunListState {
  return {
    status: readEnum(params, 'status', RUN_STATUSES),
    merchant_id: readId(params, 'merchant_id'),
    date_from: readDay(params, 'date_from'),
    date_to: readDay(params, 'date_to'),
    page: readPage(params),
    page_size: readPageSize(params),
  };
}

export function runListSearch(state: RunListState): string {
  return toSearch({ ...state }, { page: 1, page_size: DEFAULT_PAGE_SIZE });
}

export function hasRunFilters(state: RunListState): boolean {
  return Boolean(state.status || state.merchant_id || state.date_from || state.date_to);
}

export function runListQuery(state: RunListState) {
  return {
    ...(state.status ? { status: state.status } : {}),
    ...(state.merchant_id ? { merchant_id: state.merchant_id } : {}),
    ...(state.date_from ? { date_from: state.date_from } : {}),
    ...(state.date_to ? { date_to: state.date_to } : {}),
    page: state.page,
    page_size: state.page_size,
  };
}
