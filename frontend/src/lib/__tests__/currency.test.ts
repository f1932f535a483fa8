import { describe, expect, it } from 'vitest';
import { centsToYuan, formatCurrency } from '../currency';

describe('formatCurrency', () => {
  it('formats decimal-yuan strings and numbers as CNY in zh-CN', () => {
    expect(formatCurrency('12.50')).toBe('¥12.50');
    expect(formatCurrency('12.5')).toBe('¥12.50');
    expect(formatCurrency(1234567.8)).toBe('¥1,234,567.80');
    expect(formatCurrency('-3')).toBe('-¥3.00');
  });

  it('shows 0.00 for an empty amount', () => {
    expect(formatCurrency('')).toBe('¥0.00');
    expect(formatCurrency(null)).toBe('¥0.00');
    expect(formatCurrency(undefined)).toBe('¥0.00');
    expect(formatCurrency('  ')).toBe('¥0.00');
    expect(formatCurrency('abc')).toBe('¥0.00');
  });

  it('keeps every digit of large amounts (no float rounding)', () => {
    expect(formatCurrency('90071992547409.93')).toBe('¥90,071,992,547,409.93');
    expect(formatCurrency('0.105')).toBe('¥0.11');
  });

  it('formats integer cents', () => {
    expect(formatCurrency(1250, { cents: true })).toBe('¥12.50');
    expect(formatCurrency('5', { cents: true })).toBe('¥0.05');
    expect(formatCurrency('-199', { cents: true })).toBe('-¥1.99');
    expect(formatCurrency(null, { cents: true })).toBe('¥0.00');
  });
});

describe('centsToYuan', () => {
  it('moves the decimal point in the string', () => {
    expect(centsToYuan('9007199254740993')).toBe('90071992547409.93');
    expect(centsToYuan(0)).toBe('0.00');
    expect(centsToYuan(12.5)).toBeNull();
    expect(centsToYuan('1.5')).toBeNull();
  });
});
