import { describe, expect, it } from 'vitest';
import { depositCeilingCents, fromCents, sumCents, toCents, totalRentCents } from '../money';

describe('goods money in cents', () => {
  it('parses decimal strings into integer cents without floats', () => {
    expect(toCents('12.5')).toBe(1250);
    expect(toCents('0.07')).toBe(7);
    expect(toCents('1000000.00')).toBe(100_000_000);
    expect(toCents(' 3 ')).toBe(300);
  });

  it('refuses anything that is not a non-negative amount with at most two decimals', () => {
    for (const bad of ['', 'abc', '1.234', '-1', '1e3', '.5', null, undefined]) expect(toCents(bad)).toBeNull();
  });

  it('adds amounts exactly where floats would not (0.1 + 0.2)', () => {
    expect(sumCents(['0.10', '0.20'])).toBe(30);
    expect(fromCents(sumCents(['0.10', '0.20'])!)).toBe('0.30');
    expect(sumCents(['1', 'x'])).toBeNull();
  });

  it('computes total rent and the deposit ceiling (10 × total rent)', () => {
    expect(totalRentCents('99.90', 12)).toBe(119_880);
    expect(fromCents(totalRentCents('99.90', 12)!)).toBe('1198.80');
    expect(depositCeilingCents('10', 3)).toBe(30_000);
    expect(totalRentCents('oops', 3)).toBeNull();
  });
});
