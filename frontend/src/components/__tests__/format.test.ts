import { describe, expect, it } from 'vitest';
import { formatCurrency, formatDate, formatDateTime, orDash } from '../format';

describe('kit formatters', () => {
  it('show one date format and a dash for empty or unreadable values', () => {
    const local = new Date(2026, 4, 1, 9, 5);
    expect(formatDateTime(local.toISOString())).toBe('2026-05-01 09:05');
    expect(formatDate(local)).toBe('2026-05-01');
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('')).toBe('—');
    expect(formatDateTime('not a date')).toBe('—');
    expect(orDash('')).toBe('—');
    expect(orDash(0)).toBe('0');
  });

  it('show money as CNY with 0.00 for empty', () => {
    expect(formatCurrency('1234.5')).toContain('1,234.50');
    expect(formatCurrency(null)).toContain('0.00');
  });
});
