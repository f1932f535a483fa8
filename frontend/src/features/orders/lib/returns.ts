/**
 * What is owed when the goods come back (issue 24, apps/billing `getReturnQuote`): the bills
 * due by the return date stay owed, later rent is cancelled, an early-termination fee applies
 * before the minimum term, damage is charged; the frozen deposit pays oldest first and the rest
 * stays owed as open charges. The backend computes every amount: these helpers only word them.
 */
import { useEffect, useState } from 'react';
import { isPositive } from './money';

export { shareText } from '@/lib/share';

/** The early-return fee rules a shop, a rent plan or an order can hold. */
export const FEE_MODES = ['none', 'rate', 'fixed'] as const;
export type FeeMode = (typeof FEE_MODES)[number];

export function isFeeMode(value: string): value is FeeMode {
  return (FEE_MODES as readonly string[]).includes(value);
}

/** The kinds of bill raised when the goods come back (billing `kind`; beside lease, purchase, buyout). */
export const CHARGE_KINDS: ReadonlySet<string> = new Set(['damage', 'termination']);

/** A bill forgone by the shop (waiveOrderCharge): cancelled with something waived. */
export function isWaived(bill: { state: string; waived_amount?: string | null }): boolean {
  return bill.state === 'cancelled' && isPositive(bill.waived_amount ?? '0');
}

/** A bill still asked for (billing's open states): due, overdue. */
export function isOpenBill(state: string): boolean {
  return state === 'unpaid' || state === 'overdue';
}

/** The backend's longest reason of a charge waiver. */
export const CHARGE_WAIVE_REASON_MAX = 300;

/** The one problem of a waiver's reason, or null when it may be sent. */
export function chargeWaiveReasonProblem(reason: string): 'required' | 'tooLong' | null {
  const trimmed = reason.trim();
  if (!trimmed) return 'required';
  return [...trimmed].length > CHARGE_WAIVE_REASON_MAX ? 'tooLong' : null;
}

/** The value after it stopped changing for `delayMs` (the inspection's damage, quoted live). */
export function useDebouncedValue<T>(value: T, delayMs = 400): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
