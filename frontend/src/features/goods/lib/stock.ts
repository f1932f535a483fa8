/**
 * The stock dialog's input: a new stock (mode set) or a change by a delta (mode add). Only the
 * shape is checked here; whether a decrease fits is the server's call, because the stock on
 * screen can be stale (orders reserve stock meanwhile) and the server's update is atomic.
 * A SKU tracked by unit has no such input: its stock is its units (trackedStock.ts).
 */
import { LIMITS } from './goodsForm';

export type StockMode = 'set' | 'add';

/** Keys under goods.stock.errors. */
export type StockInputError = 'required' | 'setInvalid' | 'addInvalid' | 'addZero' | 'tooLarge';

export type StockInput = { ok: true; quantity: number } | { ok: false; error: StockInputError };

/** Full-width and typographic signs, as Chinese input methods type them. */
function normalise(text: string): string {
  return text.trim().replace(/[－−–]/g, '-').replace(/＋/g, '+').replace(/[０-９]/g, (digit) => String(digit.charCodeAt(0) - 0xff10));
}

export function parseStockInput(mode: StockMode, text: string): StockInput {
  const value = normalise(text);
  if (value === '') return { ok: false, error: 'required' };
  if (mode === 'set') {
    if (!/^\d+$/.test(value)) return { ok: false, error: 'setInvalid' };
    const quantity = Number(value);
    return quantity > LIMITS.stockMax ? { ok: false, error: 'tooLarge' } : { ok: true, quantity };
  }
  if (!/^[+-]?\d+$/.test(value)) return { ok: false, error: 'addInvalid' };
  const quantity = Number(value);
  if (quantity === 0) return { ok: false, error: 'addZero' };
  return Math.abs(quantity) > LIMITS.stockMax ? { ok: false, error: 'tooLarge' } : { ok: true, quantity };
}

/** The stock the change would leave, going by the figure on screen. */
export function stockAfter(mode: StockMode, quantity: number, current: number): number {
  return mode === 'set' ? quantity : current + quantity;
}
