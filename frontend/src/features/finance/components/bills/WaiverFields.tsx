'use client';

import { Input } from '@/components/ui/Input';
import { TextAreaField } from '@/components/ui/fields';
import type { OrderTranslate } from '@/features/orders/components/labels';

/**
 * The two fields of a waiver form (late fee, or a bill's debt): an amount left empty for all
 * still owed, and the reason the order's timeline keeps.
 */
export function WaiverFields({
  errors,
  amount,
  onAmount,
  amountLabel,
  amountPlaceholder,
  reason,
  onReason,
  reasonLabel,
  reasonMax,
}: {
  errors: Record<string, string | undefined>;
  amount: string;
  onAmount: (value: string) => void;
  amountLabel: string;
  amountPlaceholder: string;
  reason: string;
  onReason: (value: string) => void;
  reasonLabel: string;
  reasonMax: number;
}) {
  return (
    <>
      <Input label={amountLabel} inputMode="decimal" autoComplete="off" placeholder={amountPlaceholder} value={amount} error={errors.amount} onChange={(event) => onAmount(event.target.value)} />
      <TextAreaField label={reasonLabel} value={reason} maxLength={reasonMax} error={errors.reason} onChange={(event) => onReason(event.target.value)} />
    </>
  );
}

/** What a waiver's check finds wrong: the amount (not money, or above what may be waived), or the reason. */
type WaiverProblem<R extends string> = { field: 'amount'; problem: 'invalid' | 'tooHigh' } | { field: 'reason'; problem: R };

/**
 * A waiver form's messages for its check's `result` (none when it passes): the amount's in the
 * dialogs' words, at most `max`; the reason's as the waiver words them.
 */
export function waiverErrors<R extends string>(t: OrderTranslate, result: { problems: WaiverProblem<R>[] } | { body: unknown }, max: string, reasonText: (problem: R) => string): Record<string, string> {
  if (!('problems' in result)) return {};
  return Object.fromEntries(
    result.problems.map((found) => [
      found.field,
      found.field === 'amount' ? (found.problem === 'tooHigh' ? t('dialogs.amountTooHigh', { max }) : t('dialogs.amountInvalid')) : reasonText(found.problem),
    ]),
  );
}
