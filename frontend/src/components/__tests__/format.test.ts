import { describe, expect, it } from 'vitest';
import { amountDirection, formatCurrency, formatDate, formatDateTime, formatSignedCurrency, orDash } from '../format';
import { inBrowserZone } from '@/lib/__tests__/browserZone';

// The viewer's browser is in Los Angeles; the shop's times are China time.
inBrowserZone('America/Los_Angeles');

describe('kit formatters', () => {
  it('show times and days in China time whatever the browser zone', () => {
    // 03:29 on 25 November in Shanghai is 11:29 on the 24th in Los Angeles.
    const shipped = '2026-11-24T19:29:00Z';
    expect(new Date(shipped).getDate()).toBe(24);
    expect(formatDateTime(shipped)).toBe('2026-11-25 03:29');
    expect(formatDateTime('2026-11-25T03:29:00+08:00')).toBe('2026-11-25 03:29');
    expect(formatDate(shipped)).toBe('2026-11-25');
    expect(formatDate(new Date(shipped))).toBe('2026-11-25');
    expect(formatDateTime(Date.parse('2026-05-01T00:05:00+08:00'))).toBe('2026-05-01 00:05');
    // A bill's due date is a calendar day: the same day everywhere.
    expect(formatDate('2026-12-01')).toBe('2026-12-01');
  });

  it('show one date format and a dash for empty or unreadable values', () => {
    expect(formatDateTime('2026-05-01T01:05:00Z')).toBe('2026-05-01 09:05');
    expect(formatDate('2026-13-01')).toBe('—');
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
