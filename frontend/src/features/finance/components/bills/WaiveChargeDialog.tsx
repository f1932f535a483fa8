'use client';

import { useState } from 'react';
import { formatCurrency } from '@/components/format';
import { notify } from '@/lib/notice';
import { newIdempotencyKey } from '@/features/orders/lib/idempotency';
import { owedNow, principalOwed } from '@/features/orders/lib/repayments';
import { CHARGE_WAIVE_REASON_MAX, WAIVER_EXCEEDS_OWED, waiveChargeAmount, waiveChargeInput } from '@/features/orders/lib/returns';
import { type OrderBill, type OrderRef } from '@/features/orders/queries';
import { useWaiveOrderCharge } from '../../orderBillQueries';
import { FormDialog } from '@/features/orders/components/dialogs/FormDialog';
import { useOrderText } from '@/features/orders/components/labels';
import { useBillName } from './billName';
import { WaiverFields, waiverErrors } from './WaiverFields';

/**
 * Forgoes what one bill of an order that owes still asks (store side, `finance.waive`): all of
 * it (its rent or charge left and its late fee; the amount left empty) or a negotiated part of
 * its principal, the rest staying owed. The reason is required and kept on the timeline. One
 * idempotency key per opening, so a retry after a lost answer is the same waiver.
 */
export function WaiveChargeDialog({ bill, orderRef, onClose }: { bill: OrderBill | null; orderRef: OrderRef; onClose: () => void }) {
  const { t } = useOrderText();
  const billName = useBillName();
  const waive = useWaiveOrderCharge(orderRef);
  const [key] = useState(() => newIdempotencyKey('waivecharge'));
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  if (!bill) return null;
  const owed = owedNow(bill);
  const principal = principalOwed(bill);
  const name = billName(bill);
  const checked = () => waiveChargeInput({ amount, reason }, principal);
  // The button names what a click waives: the typed part, or all the bill owes when the field
  // is empty; a part that cannot be waived turns it off, the field saying why.
  const part = waiveChargeAmount(amount, principal);
  const amountProblem = 'problem' in part ? (part.problem === 'tooHigh' ? t('dialogs.amountTooHigh', { max: formatCurrency(principal) }) : t('dialogs.amountInvalid')) : undefined;
  return (
    <FormDialog
      title={t('charges.waiveTitle', { bill: name })}
      description={t('charges.waiveHint', { bill: name, amount: formatCurrency(owed), principal: formatCurrency(principal) })}
      confirmLabel={'amount' in part ? t('charges.waiveConfirm', { amount: formatCurrency(part.amount) }) : 'whole' in part ? t('charges.waiveConfirm', { amount: formatCurrency(owed) }) : t('charges.waive')}
      disabled={amountProblem !== undefined}
      danger
      onClose={onClose}
      validate={() => waiverErrors(t, checked(), formatCurrency(principal), (problem) => t(`charges.waiveReason.${problem}`, { max: CHARGE_WAIVE_REASON_MAX }))}
      explain={(error) => (error.code === WAIVER_EXCEEDS_OWED ? t('charges.waiveExceeds') : undefined)}
      onSubmit={async () => {
        const result = checked();
        if ('problems' in result) return;
        await waive.mutateAsync({ period: bill.period, ...result.body, idempotency_key: key });
        notify({ kind: 'success', message: { raw: t('charges.waiveDone', { bill: name, amount: formatCurrency(result.body.amount ?? owed) }) } });
      }}
    >
      {(errors) => (
        <WaiverFields
          errors={{ ...errors, amount: amountProblem ?? errors.amount }}
          amount={amount}
          onAmount={setAmount}
          amountLabel={t('charges.waiveAmount')}
          amountPlaceholder={t('charges.waiveAmountPlaceholder', { owed: formatCurrency(owed) })}
          reason={reason}
          onReason={setReason}
          reasonLabel={t('charges.waiveReasonLabel')}
          reasonMax={CHARGE_WAIVE_REASON_MAX}
        />
      )}
    </FormDialog>
  );
}
