import { describe, expect, it } from 'vitest';
import { amountDirection, formatCurrency, formatDate, formatDateTime, formatSignedCurrency, orDash } from '../format';

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

describe('signed amounts (income and expense lines)', () => {
  it('says which way money moved and shows the sign', () => {
    expect(['12.50', '-3.00', '0.00', '-0.00', '', null, 'abc'].map(amountDirection)).toEqual(['in', 'out', 'none', 'none', 'none', 'none', 'none']);
    expect(formatSignedCurrency('1237.00')).toBe('+¥1,237.00');
    expect(formatSignedCurrency('-61.85')).toBe('-¥61.85');
    expect(formatSignedCurrency('0.00')).toBe('¥0.00');
    expect(formatSignedCurrency(undefined)).toBe('¥0.00');
  });
});
