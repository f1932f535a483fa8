'use client';

import { useState } from 'react';
import { formatCurrency } from '@/components/format';
import { notify } from '@/lib/notice';
import { newIdempotencyKey } from '@/features/orders/lib/idempotency';
import { WAIVE_REASON_MAX, WAIVE_REASON_MIN, WAIVER_EXCEEDS_LATE_FEE, waiveLateFeeInput } from '@/features/orders/lib/lateFees';
import { type OrderBill, type OrderRef } from '@/features/orders/queries';
import { useWaiveLateFee } from '../../orderBillQueries';
import { FormDialog } from '@/features/orders/components/dialogs/FormDialog';
import { useOrderText } from '@/features/orders/components/labels';
import { WaiverFields, waiverErrors } from './WaiverFields';

/**
 * Forgoes late fee of one bill: an amount (empty: all still owed) and a reason the order's
 * timeline keeps. One idempotency key per opening, so a retry after a lost answer is the same
 * waiver.
 */
export function WaiveLateFeeDialog({ bill, orderRef, onClose }: { bill: OrderBill | null; orderRef: OrderRef; onClose: () => void }) {
  const { t } = useOrderText();
  const waive = useWaiveLateFee(orderRef);
  const [key] = useState(() => newIdempotencyKey('latefee'));
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  if (!bill) return null;
  const owed = bill.late_fee_owed;
  const checked = () => waiveLateFeeInput({ amount, reason }, owed);
  return (
    <FormDialog
      title={t('bills.waiveTitle', { period: bill.period })}
      description={t('bills.waiveHint', { accrued: formatCurrency(bill.late_fee), waived: formatCurrency(bill.late_fee_waived), paid: formatCurrency(bill.late_fee_paid), owed: formatCurrency(owed) })}
      confirmLabel={t('bills.waive')}
      onClose={onClose}
      validate={() => waiverErrors(t, checked(), formatCurrency(owed), (problem) => t(`bills.waiveReason.${problem}`, { min: WAIVE_REASON_MIN, max: WAIVE_REASON_MAX }))}
      explain={(error) => (error.code === WAIVER_EXCEEDS_LATE_FEE ? t('bills.waiveExceeds') : undefined)}
      onSubmit={async () => {
        const result = checked();
        if ('problems' in result) return;
        await waive.mutateAsync({ period: bill.period, ...result.body, idempotency_key: key });
        notify({ kind: 'success', message: { raw: t('bills.waiveDone', { period: bill.period }) } });
      }}
    >
      {(errors) => (
        <WaiverFields
          errors={errors}
          amount={amount}
          onAmount={setAmount}
          amountLabel={t('bills.waiveAmount')}
          amountPlaceholder={t('bills.waiveAmountPlaceholder', { owed: formatCurrency(owed) })}
          reason={reason}
          onReason={setReason}
          reasonLabel={t('bills.waiveReasonLabel')}
          reasonMax={WAIVE_REASON_MAX}
        />
      )}
    </FormDialog>
  );
}
