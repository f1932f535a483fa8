/**
 * The one way the app shows dates and money. A date is "2026-05-01 10:20" in the viewer's time
 * zone in every language (tables line up, no locale guesses); a missing or unreadable value is
 * an em dash, never an empty cell. Money is CNY through lib/currency (empty shows 0.00).
 */
import { formatCurrency } from '@/lib/currency';

export { formatCurrency };

export const EMPTY_VALUE = '—';

function parse(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-05-01T10:20:30+08:00" → "2026-05-01 10:20"; empty → "—". */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = parse(value);
  if (!date) return EMPTY_VALUE;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** "2026-05-01T10:20:30+08:00" → "2026-05-01"; empty → "—". */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = parse(value);
  if (!date) return EMPTY_VALUE;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
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
