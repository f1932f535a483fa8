import { describe, expect, it } from 'vitest';
import { parseStockInput, stockAfter } from '../stock';

describe('parseStockInput', () => {
  it('takes a whole number as the new stock', () => {
    expect(parseStockInput('set', ' 12 ')).toEqual({ ok: true, quantity: 12 });
    expect(parseStockInput('set', '0')).toEqual({ ok: true, quantity: 0 });
  });

  it('refuses a negative, fractional or missing new stock', () => {
    expect(parseStockInput('set', '-1')).toEqual({ ok: false, error: 'setInvalid' });
    expect(parseStockInput('set', '1.5')).toEqual({ ok: false, error: 'setInvalid' });
    expect(parseStockInput('set', '+3')).toEqual({ ok: false, error: 'setInvalid' });
    expect(parseStockInput('set', '   ')).toEqual({ ok: false, error: 'required' });
  });

  it('takes a signed delta, typed with half- or full-width signs and digits', () => {
    expect(parseStockInput('add', '5')).toEqual({ ok: true, quantity: 5 });
    expect(parseStockInput('add', '+5')).toEqual({ ok: true, quantity: 5 });
    expect(parseStockInput('add', '-3')).toEqual({ ok: true, quantity: -3 });
    expect(parseStockInput('add', '－３')).toEqual({ ok: true, quantity: -3 });
    expect(parseStockInput('add', '＋２')).toEqual({ ok: true, quantity: 2 });
  });

  it('refuses a zero or non-integer delta', () => {
    expect(parseStockInput('add', '0')).toEqual({ ok: false, error: 'addZero' });
    expect(parseStockInput('add', '-0')).toEqual({ ok: false, error: 'addZero' });
    expect(parseStockInput('add', '2.5')).toEqual({ ok: false, error: 'addInvalid' });
    expect(parseStockInput('add', '--2')).toEqual({ ok: false, error: 'addInvalid' });
    expect(parseStockInput('add', 'abc')).toEqual({ ok: false, error: 'addInvalid' });
  });

  it('keeps within the backend limit of 1,000,000 either way', () => {
    expect(parseStockInput('set', '1000000')).toEqual({ ok: true, quantity: 1_000_000 });
    expect(parseStockInput('set', '1000001')).toEqual({ ok: false, error: 'tooLarge' });
    expect(parseStockInput('add', '-1000001')).toEqual({ ok: false, error: 'tooLarge' });
  });

  it('leaves a decrease below zero to the server (the stock on screen may be stale)', () => {
    expect(parseStockInput('add', '-99')).toEqual({ ok: true, quantity: -99 });
  });
});

describe('stockAfter', () => {
  it('is the new stock for set and current + delta for add', () => {
    expect(stockAfter('set', 7, 3)).toBe(7);
    expect(stockAfter('add', 5, 3)).toBe(8);
    expect(stockAfter('add', -5, 3)).toBe(-2);
  });
});
