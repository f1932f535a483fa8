/**
 * Late fees of an order's bills (apps/billing/latefees.py): accrued per overdue day, paid
 * before the rent, or waived by the shop with a reason. Amounts stay decimal strings and are
 * compared as integer cents (`money.ts`).
 */
import { isPositive, notAbove, parseMoneyInput } from './money';

/** The refusal of a waiver above the late fee still owed (the screen was stale). */
export const WAIVER_EXCEEDS_LATE_FEE = 1401;
/** The backend's shortest and longest reason of a waiver. */
export const WAIVE_REASON_MIN = 2;
export const WAIVE_REASON_MAX = 300;

interface BillFees {
  state: string;
  late_fee: string;
  late_fee_owed: string;
}

/**
 * The order owes for lateness now (a bill past due, or a late fee still owed): its summary card
 * shows on the order. Nothing owed, no card (late fees since paid or waived stay on the bills
 * screen's full summary).
 */
export function hasOverdueMoney(bills: readonly BillFees[]): boolean {
  return bills.some((bill) => bill.state === 'overdue' || isPositive(bill.late_fee_owed));
}

/**
 * The shop may waive a bill's late fee: a store session with `order.manage` (the platform
 * never does), and only while some late fee is still owed.
 */
export function canWaiveLateFee(bill: BillFees, session: { platform: boolean; canManage: boolean }): boolean {
  return !session.platform && session.canManage && isPositive(bill.late_fee_owed);
}

export type WaiveProblem = { field: 'amount'; problem: 'invalid' | 'tooHigh' } | { field: 'reason'; problem: 'required' | 'tooShort' | 'tooLong' };

/**
 * What the waive form sends: the amount as a two-place decimal string, or nothing for "all
 * still owed" (an empty field); the reason trimmed. Problems are answered per field.
 */
export function waiveLateFeeInput(form: { amount: string; reason: string }, owed: string): { body: { amount?: string; reason: string } } | { problems: WaiveProblem[] } {
  const problems: WaiveProblem[] = [];
  let amount: string | undefined;
  if (form.amount.trim() !== '') {
    const parsed = parseMoneyInput(form.amount);
    if (parsed === null) problems.push({ field: 'amount', problem: 'invalid' });
    else if (!notAbove(parsed, owed)) problems.push({ field: 'amount', problem: 'tooHigh' });
    else amount = parsed;
  }
  const reason = form.reason.trim();
  if (reason === '') problems.push({ field: 'reason', problem: 'required' });
  else if ([...reason].length < WAIVE_REASON_MIN) problems.push({ field: 'reason', problem: 'tooShort' });
  else if ([...reason].length > WAIVE_REASON_MAX) problems.push({ field: 'reason', problem: 'tooLong' });
  if (problems.length > 0) return { problems };
  return { body: amount === undefined ? { reason } : { amount, reason } };
}
