/**
 * What is owed when the goods come back (issue 24, apps/billing `getReturnQuote`): the bills
 * due by the return date stay owed, later rent is cancelled, an early-termination fee applies
 * before the minimum term, damage is charged; the frozen deposit pays oldest first and the rest
 * stays owed as open charges. The backend computes every amount: these helpers only word them.
 */
import { useEffect, useState } from 'react';
import { isPositive, notAbove, parseMoneyInput } from './money';

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

/** The refusal of a part above the principal still owed (the screen was stale). */
export const WAIVER_EXCEEDS_OWED = 1410;

export type ChargeWaiveProblem = { field: 'amount'; problem: 'invalid' | 'tooHigh' } | { field: 'reason'; problem: 'required' | 'tooLong' };

/**
 * The charge waiver's amount field alone (whatever the reason says, so the confirm button can
 * name what a click would waive while the reason is still being typed): empty is all the bill
 * owes (`whole`), else a part of the principal still owed as a two-place decimal, or its problem.
 */
export function waiveChargeAmount(text: string, principal: string): { whole: true } | { amount: string } | { problem: 'invalid' | 'tooHigh' } {
  if (text.trim() === '') return { whole: true };
  const parsed = parseMoneyInput(text);
  if (parsed === null || !isPositive(parsed)) return { problem: 'invalid' };
  if (!notAbove(parsed, principal)) return { problem: 'tooHigh' };
  return { amount: parsed };
}

/**
 * What the charge waiver form sends: an amount (a part of the principal still owed, as a
 * two-place decimal string) or nothing for "all the bill owes" (an empty field, the bill is
 * cancelled); the reason trimmed. Problems are answered per field.
 */
export function waiveChargeInput(form: { amount: string; reason: string }, principal: string): { body: { amount?: string; reason: string } } | { problems: ChargeWaiveProblem[] } {
  const problems: ChargeWaiveProblem[] = [];
  const part = waiveChargeAmount(form.amount, principal);
  if ('problem' in part) problems.push({ field: 'amount', problem: part.problem });
  const amount = 'amount' in part ? part.amount : undefined;
  const reasonProblem = chargeWaiveReasonProblem(form.reason);
  if (reasonProblem) problems.push({ field: 'reason', problem: reasonProblem });
  if (problems.length > 0) return { problems };
  const reason = form.reason.trim();
  return { body: amount === undefined ? { reason } : { amount, reason } };
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
