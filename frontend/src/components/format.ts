/**
 * The one way the app shows dates and money. A date is "2026-05-01 10:20" in the business time
 * zone (China time, lib/businessTime) whatever the viewer's browser zone, in every language
 * (tables line up, no locale guesses); a calendar day the server sends ("2026-05-01", a bill's
 * due date) is that day as it is. A missing or unreadable value is an em dash, never an empty
 * cell. Money is CNY through lib/currency (empty shows 0.00).
 */
import { businessDay, businessParts } from '@/lib/businessTime';
import { formatCurrency } from '@/lib/currency';

export { formatCurrency };

export const EMPTY_VALUE = '—';

function parse(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "2026-05-01T02:20:30Z" → "2026-05-01 10:20" (China time); empty → "—". */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = parse(value);
  if (!date) return EMPTY_VALUE;
  const { year, month, day, hour, minute } = businessParts(date);
  return `${year}-${month}-${day} ${hour}:${minute}`;
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** "2026-04-30T17:20:30Z" → "2026-05-01" (the China day); "2026-05-01" stays; empty → "—". */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (typeof value === 'string' && CALENDAR_DAY.test(value) && parse(value)) return value;
  const date = parse(value);
  if (!date) return EMPTY_VALUE;
  return businessDay(date);
}

/** Any text for a cell: empty shows "—". */
export function orDash(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? EMPTY_VALUE : String(value);
}

/** Which way an amount moved: money in (> 0), out (< 0), or none (0, empty, unreadable). */
export type AmountDirection = 'in' | 'out' | 'none';

export function amountDirection(amount: string | number | null | undefined): AmountDirection {
  const text = String(amount ?? '').trim();
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(text) || /^[-+]?0*\.?0*$/.test(text)) return 'none';
  return text.startsWith('-') ? 'out' : 'in';
}

/** A signed amount of an income and expense line: "+¥12.50", "-¥3.00"; nothing moved is "¥0.00". */
export function formatSignedCurrency(amount: string | number | null | undefined): string {
  const direction = amountDirection(amount);
  if (direction === 'none') return formatCurrency(0);
  return direction === 'in' ? `+${formatCurrency(amount)}` : formatCurrency(amount);
}
