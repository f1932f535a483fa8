/**
 * Money in the goods editor stays a decimal string ("12.50") as the API sends it; whenever the
 * screen needs arithmetic (total rent, deposit ceiling, package price) it works in integer
 * cents so no float ever touches an amount.
 */
import { centsToYuan } from '@/lib/currency';

const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;

/** "12.5" → 1250; null for anything that is not a non-negative amount with ≤ 2 decimals. */
export function toCents(amount: string | null | undefined): number | null {
  const text = (amount ?? '').trim();
  if (!AMOUNT.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 1250 → "12.50". */
export function fromCents(cents: number): string {
  return centsToYuan(cents) ?? '0.00';
}

/** Sum of amounts in cents; null if any of them is not an amount. */
export function sumCents(amounts: readonly (string | null | undefined)[]): number | null {
  let total = 0;
  for (const amount of amounts) {
    const cents = toCents(amount);
    if (cents === null) return null;
    total += cents;
  }
  return total;
}

/** Total rent of a plan (rent per period × periods), in cents. */
export function totalRentCents(rent: string, term: number): number | null {
  const cents = toCents(rent);
  return cents === null || !Number.isInteger(term) ? null : cents * term;
}

/** The backend's ceiling on a plan's deposit: 10 × total rent. */
export const DEPOSIT_RENT_MULTIPLE = 10;

export function depositCeilingCents(rent: string, term: number): number | null {
  const total = totalRentCents(rent, term);
  return total === null ? null : total * DEPOSIT_RENT_MULTIPLE;
}

export function isAmount(amount: string): boolean {
  return toCents(amount) !== null;
}
