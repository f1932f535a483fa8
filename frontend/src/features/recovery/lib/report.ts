/**
 * The recovery report's URL state (a range of China days, at most 366) and its rows: each
 * group of the server's answer, then the totals as the table's last row.
 */
import { readDay } from '@/components/filters/listState';
import { addDays, daysBetween } from '@/features/dashboard/lib/period';
import { businessDay } from '@/lib/businessTime';

export const REPORT_DAYS_DEFAULT = 30;
export const REPORT_DAYS_MAX = 366;
export const REPORT_GROUPS = ['collector', 'bucket'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

export interface ReportState {
  date_from: string;
  date_to: string;
  group: ReportGroup;
  /** Unused: the URL-state helper pages lists. */
  page: number;
}

export function defaultReportRange(now: Date = new Date()): { date_from: string; date_to: string } {
  const today = businessDay(now);
  return { date_from: addDays(today, -(REPORT_DAYS_DEFAULT - 1)), date_to: today };
}

/** A range the server accepts: never backwards, never over a year (the start moves). */
export function clampRange(from: string, to: string): { date_from: string; date_to: string } {
  if (daysBetween(from, to) < 1) return { date_from: from, date_to: from };
  if (daysBetween(from, to) > REPORT_DAYS_MAX) return { date_from: addDays(to, -(REPORT_DAYS_MAX - 1)), date_to: to };
  return { date_from: from, date_to: to };
}

export function parseReportState(params: Pick<URLSearchParams, 'get'>, now: Date = new Date()): ReportState {
  const fallback = defaultReportRange(now);
  const from = readDay(params, 'date_from') || fallback.date_from;
  const to = readDay(params, 'date_to') || fallback.date_to;
  const group = params.get('group') === 'bucket' ? 'bucket' : 'collector';
  return { ...clampRange(from, to), group, page: 1 };
}

export function reportSearch(state: ReportState): string {
  const params = new URLSearchParams({ date_from: state.date_from, date_to: state.date_to });
  if (state.group !== 'collector') params.set('group', state.group);
  return params.toString();
}

export interface ReportFigures {
  cases: number;
  recovered: string;
  recovered_after_write_off: string;
  owed: string;
  recovery_rate?: string | null;
  promises_kept: number;
  promises_broken: number;
  closed: number;
  written_off: number;
  written_off_amount: string;
}

export interface ReportRow extends ReportFigures {
  id: string;
  /** The collector's name or the bucket; empty for the unassigned group and the totals. */
  name: string;
  kind: 'collector' | 'unassigned' | 'bucket' | 'total';
}

export function reportRows(
  answer: { by_collector: readonly (ReportFigures & { collector_id?: number | null; collector_name: string })[]; by_bucket: readonly (ReportFigures & { bucket: string })[]; totals: ReportFigures },
  group: ReportGroup,
): ReportRow[] {
  const rows: ReportRow[] =
    group === 'collector'
      ? answer.by_collector.map((row) => ({
          ...row,
          id: `collector-${row.collector_id ?? 'none'}`,
          name: row.collector_name,
          kind: row.collector_id == null ? 'unassigned' : 'collector',
        }))
      : answer.by_bucket.map((row) => ({ ...row, id: `bucket-${row.bucket}`, name: row.bucket, kind: 'bucket' }));
  if (rows.every((row) => row.cases === 0)) return [];
  return [...rows, { ...answer.totals, id: 'total', name: '', kind: 'total' }];
}

/** "45.12" → "45.12%"; none → "—". */
export function formatRate(rate: string | null | undefined): string {
  return rate ? `${rate}%` : '—';
}
