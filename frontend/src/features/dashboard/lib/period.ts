/**
 * The data centre's URL state: the period (business days, China time whatever the browser's
 * zone; at most 366), day or month, and on the platform one merchant. A missing or unreadable value falls back to the last 30
 * days to today, so any hand-edited link still opens a working screen; writing leaves the
 * defaults out.
 */
import { readDay, readEnum, readId, toSearch } from '@/components/filters/listState';
import { businessDay } from '@/lib/businessTime';

export const GRANULARITIES = ['day', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];
export const DEFAULT_DAYS = 30;
export const MAX_DAYS = 366;

export interface DataCenterState {
  date_from: string;
  date_to: string;
  granularity: Granularity;
  merchant_id?: number;
  /** Unused: the URL-state helper pages lists. */
  page: number;
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

export function defaultPeriod(now: Date = new Date()): { date_from: string; date_to: string } {
  const today = businessDay(now);
  return { date_from: addDays(today, -(DEFAULT_DAYS - 1)), date_to: today };
}

export function parseDataCenterState(params: URLSearchParams, now: Date = new Date()): DataCenterState {
  const fallback = defaultPeriod(now);
  let date_from = readDay(params, 'date_from');
  let date_to = readDay(params, 'date_to');
  if (!date_to) date_to = date_from ? addDays(date_from, DEFAULT_DAYS - 1) : fallback.date_to;
  if (!date_from) date_from = addDays(date_to, -(DEFAULT_DAYS - 1));
  const days = daysBetween(date_from, date_to);
  if (days < 1 || days > MAX_DAYS) ({ date_from, date_to } = fallback);
  return {
    date_from,
    date_to,
    granularity: readEnum(params, 'granularity', GRANULARITIES) ?? 'day',
    merchant_id: readId(params, 'merchant_id'),
    page: 1,
  };
}

export function dataCenterSearch(state: DataCenterState): string {
  const { date_from, date_to, granularity, merchant_id } = state;
  return toSearch({ date_from, date_to, granularity, merchant_id }, { granularity: 'day' });
}

/** What the calls take: the period, and the merchant on the platform. */
export function dataCenterQuery(state: DataCenterState) {
  const { date_from, date_to, granularity, merchant_id } = state;
  return { date_from, date_to, granularity, ...(merchant_id ? { merchant_id } : {}) };
}

/** "12.50" → "+12.50%"; none (nothing the period before) → "". */
export function formatChange(change: string | null | undefined): string {
  if (change === null || change === undefined || change === '') return '';
  const value = Number(change);
  if (Number.isNaN(value)) return '';
  return `${value > 0 ? '+' : ''}${change}%`;
}
