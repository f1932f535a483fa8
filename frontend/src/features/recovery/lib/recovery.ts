/**
 * The recovery workbench's rules in the browser: the aging buckets and their ranges, the list's
 * filters kept in the URL (the collector's own cases first), the calls' queries, the tones of a
 * case's and a promise's state. The server is the authority on scope and figures.
 */
import { DEFAULT_PAGE_SIZE, readEnum, readId, readPage, readPageSize, readText, toSearch } from '@/components/filters/listState';
import type { Tone } from '@/components/StatusBadge';
import { businessParts } from '@/lib/businessTime';

export const BUCKETS = ['M1', 'M2', 'M3', 'M3+'] as const;
export type Bucket = (typeof BUCKETS)[number];

/** Who the list shows: the signed-in account's cases, every case in scope, or those no one works. */
export const WHO = ['mine', 'all', 'unassigned'] as const;
export type Who = (typeof WHO)[number];

export const CASE_STATES = ['open', 'closed', 'written_off', 'any'] as const;
/** The states a case is in (the filter adds `any`). */
export const CASE_RECORD_STATES = ['open', 'closed', 'written_off'] as const;
export type CaseStateFilter = (typeof CASE_STATES)[number];

export const CHANNELS = ['call', 'sms', 'visit', 'letter'] as const;
export type Channel = (typeof CHANNELS)[number];
export const OUTCOMES = ['reached', 'no_answer', 'wrong_number', 'promised', 'refused', 'disputes', 'paid_elsewhere'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export function isBucket(value: string): value is Bucket {
  return (BUCKETS as readonly string[]).includes(value);
}

/** The shop's bucket bounds (getRecoverySetting); the defaults when the session cannot read them. */
export interface BucketBounds {
  m1_max_days: number;
  m2_max_days: number;
  m3_max_days: number;
}

export const DEFAULT_BOUNDS: BucketBounds = { m1_max_days: 30, m2_max_days: 60, m3_max_days: 90 };

/** The days past due a bucket holds, as a person reads them: "1–30", "31–60", "61–90", ">90". */
export function bucketRange(bucket: Bucket, bounds: BucketBounds = DEFAULT_BOUNDS): string {
  switch (bucket) {
    case 'M1':
      return `1–${bounds.m1_max_days}`;
    case 'M2':
      return `${bounds.m1_max_days + 1}–${bounds.m2_max_days}`;
    case 'M3':
      return `${bounds.m2_max_days + 1}–${bounds.m3_max_days}`;
    case 'M3+':
      return `>${bounds.m3_max_days}`;
  }
}

/** Bounds a settings form may save: whole days, each bucket at least a day wide. */
export function boundsError(bounds: BucketBounds): 'order' | 'range' | null {
  const values = [bounds.m1_max_days, bounds.m2_max_days, bounds.m3_max_days];
  if (values.some((value) => !Number.isInteger(value) || value < 1 || value > 3650)) return 'range';
  if (!(bounds.m1_max_days < bounds.m2_max_days && bounds.m2_max_days < bounds.m3_max_days)) return 'order';
  return null;
}

/** Older debts read redder. */
export function bucketTone(bucket: string): Tone {
  if (bucket === 'M1') return 'amber';
  if (bucket === 'M2' || bucket === 'M3' || bucket === 'M3+') return 'red';
  return 'slate';
}

export function caseStateTone(state: string): Tone {
  if (state === 'written_off') return 'slate';
  return state === 'open' ? 'amber' : 'green';
}

type WriteOffFacts = { state: string; days_past_due: number; write_off_after_days: number };

/** A write-off is offered on an open case once it is the shop's age for it (the server decides). */
export function mayWriteOff(detail: WriteOffFacts, allowed: boolean): boolean {
  return allowed && detail.state === 'open' && detail.days_past_due >= detail.write_off_after_days;
}

/**
 * The write-off action of a case for a person allowed to write off: offered, shown disabled with
 * the days still to wait (an open case younger than the shop's age), or not shown (closed, or
 * already written off).
 */
export function writeOffAction(detail: WriteOffFacts, allowed: boolean): { kind: 'offered' } | { kind: 'waiting'; daysLeft: number } | { kind: 'none' } {
  if (!allowed || detail.state !== 'open') return { kind: 'none' };
  if (mayWriteOff(detail, allowed)) return { kind: 'offered' };
  return { kind: 'waiting', daysLeft: detail.write_off_after_days - detail.days_past_due };
}

/** A written-off debt is still owed: the collector still reaches the customer and sends payment links. */
export function mayCollect(state: string, canWork: boolean): boolean {
  return canWork && (state === 'open' || state === 'written_off');
}

export function promiseStateTone(state: string): Tone {
  if (state === 'kept') return 'green';
  if (state === 'broken') return 'red';
  return 'sky';
}

/** A next action due today or earlier (China days, "YYYY-MM-DD" compared as text). */
export function isActionDue(nextActionOn: string | null | undefined, today: string): boolean {
  return Boolean(nextActionOn) && (nextActionOn as string) <= today;
}

export interface RecoveryListState {
  /** '' is every bucket. */
  bucket: Bucket | '';
  state: CaseStateFilter;
  who: Who;
  assignee_id: number | undefined;
  sub_shop_id: number | undefined;
  keyword: string;
  page: number;
  page_size: number;
}

export function recoveryListDefaults(defaultWho: Who): RecoveryListState {
  return { bucket: '', state: 'open', who: defaultWho, assignee_id: undefined, sub_shop_id: undefined, keyword: '', page: 1, page_size: DEFAULT_PAGE_SIZE };
}

/** The list's URL state: a collector starts on its own cases, an owner on every case. */
export function recoveryListUrl(defaultWho: Who) {
  const defaults = recoveryListDefaults(defaultWho);
  const parse = (params: Pick<URLSearchParams, 'get'>): RecoveryListState => ({
    bucket: readEnum(params, 'bucket', BUCKETS) ?? '',
    state: readEnum(params, 'state', CASE_STATES) ?? 'open',
    who: readEnum(params, 'who', WHO) ?? defaultWho,
    assignee_id: readId(params, 'assignee_id'),
    sub_shop_id: readId(params, 'sub_shop_id'),
    keyword: readText(params, 'keyword'),
    page: readPage(params),
    page_size: readPageSize(params),
  });
  const serialize = (state: RecoveryListState): string =>
    toSearch(
      { ...state, assignee_id: state.who === 'all' ? state.assignee_id : undefined },
      { ...defaults, assignee_id: undefined, sub_shop_id: undefined },
    );
  return { defaults, parse, serialize };
}

/** The filters both calls share (getRecoveryCount answers per bucket with the same filters). */
function filterQuery(state: RecoveryListState) {
  return {
    ...(state.state !== 'any' ? { state: state.state } : {}),
    ...(state.who === 'mine' ? { mine: true } : {}),
    ...(state.who === 'unassigned' ? { unassigned: true } : {}),
    ...(state.who === 'all' && state.assignee_id ? { assignee_id: state.assignee_id } : {}),
    ...(state.sub_shop_id ? { sub_shop_id: state.sub_shop_id } : {}),
    ...(state.keyword ? { keyword: state.keyword } : {}),
  };
}

export function recoveryListQuery(state: RecoveryListState) {
  return { ...filterQuery(state), ...(state.bucket ? { bucket: state.bucket } : {}), page: state.page, page_size: state.page_size };
}

/** The counts are asked without the bucket: each bucket's count is then its tab's list total. */
export function recoveryCountQuery(state: RecoveryListState) {
  return filterQuery(state);
}

export interface BucketCount {
  bucket: string;
  count: number;
  total_owed: string;
}

/** One tab per bucket and one for all, each with the count and amount of the same filters. */
export function bucketTabs(counts: { buckets: readonly BucketCount[]; all: { count: number; total_owed: string } } | undefined) {
  const byBucket = new Map(counts?.buckets.map((row) => [row.bucket, row]));
  return [
    { id: '' as const, count: counts?.all.count, total_owed: counts?.all.total_owed },
    ...BUCKETS.map((bucket) => ({ id: bucket, count: counts ? (byBucket.get(bucket)?.count ?? 0) : undefined, total_owed: counts ? (byBucket.get(bucket)?.total_owed ?? '0.00') : undefined })),
  ];
}

/** A promise's day: today up to 30 days ahead (the server's rule), in China days. */
export function promiseDayError(day: string, today: string): 'required' | 'past' | 'tooFar' | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return 'required';
  if (day < today) return 'past';
  const limit = new Date(`${today}T00:00:00Z`);
  limit.setUTCDate(limit.getUTCDate() + 30);
  if (day > limit.toISOString().slice(0, 10)) return 'tooFar';
  return null;
}

export const PROMISE_STATES = ['pending', 'kept', 'broken'] as const;
export type PromiseState = (typeof PROMISE_STATES)[number];

/** A value the server sends as text, narrowed to one the catalogue names (else shown as sent). */
export function known<T extends string>(values: readonly T[], value: string): T | null {
  return (values as readonly string[]).includes(value) ? (value as T) : null;
}

/** No message goes to a customer from 21:00 to 08:00 China time (the server refuses one then). */
export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 8;

export function inQuietHours(now: Date = new Date()): boolean {
  const hour = Number(businessParts(now).hour);
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR;
}

/** What became of a payment link sent from a case, as its log line says it. */
export type LinkOutcome = 'paid' | 'failed' | 'waiting';

export function linkOutcome(status: string): LinkOutcome {
  if (status === 'succeeded') return 'paid';
  return status === 'failed' ? 'failed' : 'waiting';
}

export type CaseLogEntry<C, L> = { kind: 'contact'; at: string; entry: C } | { kind: 'link'; at: string; entry: L };

/** The case's log: its contacts and the payment links sent from it, newest first. */
export function caseLog<C extends { contacted_at: string }, L extends { created_at: string }>(contacts: readonly C[], links: readonly L[]): CaseLogEntry<C, L>[] {
  const entries: CaseLogEntry<C, L>[] = [
    ...contacts.map((entry) => ({ kind: 'contact' as const, at: entry.contacted_at, entry })),
    ...links.map((entry) => ({ kind: 'link' as const, at: entry.created_at, entry })),
  ];
  return entries.sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}
