'use client';

import { Input } from '@/components/ui/Input';
import { TextAreaField } from '@/components/ui/fields';

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
