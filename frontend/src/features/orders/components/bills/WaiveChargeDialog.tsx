'use client';

import { useState } from 'react';
import { formatCurrency } from '@/components/format';
import { TextAreaField } from '@/components/ui/fields';
import { notify } from '@/lib/notice';
import { newIdempotencyKey } from '../../lib/idempotency';
import { owedNow } from '../../lib/repayments';
import { CHARGE_WAIVE_REASON_MAX, chargeWaiveReasonProblem } from '../../lib/returns';
import { useWaiveOrderCharge, type OrderBill, type OrderRef } from '../../queries';
import { FormDialog } from '../dialogs/FormDialog';
import { useOrderText } from '../labels';
import { useBillName } from './billName';

/**
 * Forgoes everything one bill of an order that owes still asks (store side, `finance.waive`):
 * its rent or charge left and its late fee. The reason is required and kept on the timeline. One
 * idempotency key per opening, so a retry after a lost answer is the same waiver.
 */
export function WaiveChargeDialog({ bill, orderRef, onClose }: { bill: OrderBill | null; orderRef: OrderRef; onClose: () => void }) {
  const { t } = useOrderText();
  const billName = useBillName();
  const waive = useWaiveOrderCharge(orderRef);
  const [key] = useState(() => newIdempotencyKey('waivecharge'));
  const [reason, setReason] = useState('');
  if (!bill) return null;
  const owed = owedNow(bill);
  const name = billName(bill);
  return (
    <FormDialog
      title={t('charges.waiveTitle', { bill: name })}
      description={t('charges.waiveHint', { bill: name, amount: formatCurrency(owed) })}
      confirmLabel={t('charges.waiveConfirm', { amount: formatCurrency(owed) })}
      danger
      onClose={onClose}
      validate={() => {
        const problem = chargeWaiveReasonProblem(reason);
        return problem ? { reason: t(`charges.waiveReason.${problem}`, { max: CHARGE_WAIVE_REASON_MAX }) } : {};
      }}
      onSubmit={async () => {
        await waive.mutateAsync({ period: bill.period, reason: reason.trim(), idempotency_key: key });
        notify({ kind: 'success', message: { raw: t('charges.waiveDone', { bill: name, amount: formatCurrency(owed) }) } });
      }}
    >
      {(errors) => <TextAreaField label={t('charges.waiveReasonLabel')} value={reason} maxLength={CHARGE_WAIVE_REASON_MAX} error={errors.reason} onChange={(event) => setReason(event.target.value)} />}
    </FormDialog>
  );
}
