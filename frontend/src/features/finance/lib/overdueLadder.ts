/**
 * The shop's overdue ladder (apps/billing/ladder.py, docs/zhima.md) as its form holds it: one row
 * per step, every field a string as typed. `ladderBody` checks what the form can check itself
 * (whole days 0–3650 in order, no action twice on one day, a minimum amount in yuan and cents,
 * a minimum of bills ≥ 1); the server checks the rest (a violation after its notice's grace) and
 * names the field as `steps.N.field`, the key the form shows its problems under.
 */
import type { OverdueLadder, OverdueLadderBody } from '../queries';

export const LADDER_ACTIONS = ['reminder', 'withhold_retry', 'late_fee_on', 'credit_notice', 'credit_violation', 'recovery_case', 'bureau_report'] as const;
export type LadderAction = (typeof LADDER_ACTIONS)[number];
/** How a reminder step goes: an SMS (the default), an `order.overdue_step` webhook event, or both. */
export const REMINDER_CHANNELS = ['sms', 'webhook', 'both'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];
export const MAX_DAYS = 3650;
export const MAX_STEPS = 20;

export interface StepRow {
  days_past_due: string;
  action: LadderAction;
  min_amount: string;
  min_bills: string;
  params: Record<string, string | number>;
}

export type LadderProblem = 'days' | 'order' | 'twice' | 'amount' | 'bills';

type Step = OverdueLadder['steps'][number];

export function stepRows(steps: readonly Step[]): StepRow[] {
  return steps.map((step) => ({
    days_past_due: String(step.days_past_due),
    action: step.action as LadderAction,
    min_amount: step.min_amount ?? '',
    min_bills: step.min_bills === null ? '' : String(step.min_bills),
    params: { ...step.params },
  }));
}

/** A reminder step's channel (none given: SMS, as the server reads it). */
export function reminderChannel(params: Readonly<Record<string, string | number>>): ReminderChannel {
  const channel = String(params.channel ?? 'sms');
  return (REMINDER_CHANNELS as readonly string[]).includes(channel) ? (channel as ReminderChannel) : 'sms';
}

const WHOLE = /^\d{1,4}$/;
const AMOUNT = /^\d{1,9}(?:\.\d{1,2})?$/;

/** The body to save, or the problems found, keyed `steps.N.field`. */
export function ladderBody(rows: readonly StepRow[]): { body: OverdueLadderBody } | { problems: Record<string, LadderProblem> } {
  const problems: Record<string, LadderProblem> = {};
  const seen = new Set<string>();
  let previous = 0;
  rows.forEach((row, index) => {
    const key = (field: string) => `steps.${index}.${field}`;
    const days = WHOLE.test(row.days_past_due.trim()) ? Number(row.days_past_due.trim()) : NaN;
    if (!(days >= 0 && days <= MAX_DAYS)) problems[key('days_past_due')] = 'days';
    else if (days < previous) problems[key('days_past_due')] = 'order';
    else {
      previous = days;
      if (seen.has(`${days}:${row.action}`)) problems[key('action')] = 'twice';
      seen.add(`${days}:${row.action}`);
    }
    const amount = row.min_amount.trim();
    if (amount !== '' && (!AMOUNT.test(amount) || Number(amount) <= 0)) problems[key('min_amount')] = 'amount';
    const bills = row.min_bills.trim();
    if (bills !== '' && (!WHOLE.test(bills) || Number(bills) < 1)) problems[key('min_bills')] = 'bills';
  });
  if (Object.keys(problems).length > 0) return { problems };
  return {
    body: {
      steps: rows.map((row) => ({
        days_past_due: Number(row.days_past_due.trim()),
        action: row.action,
        min_amount: row.min_amount.trim() === '' ? null : row.min_amount.trim(),
        min_bills: row.min_bills.trim() === '' ? null : Number(row.min_bills.trim()),
        params: row.params as OverdueLadderBody['steps'][number]['params'],
      })),
    },
  };
}
