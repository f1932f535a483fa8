'use client';

import { useState } from 'react';
import { formatCurrency } from '@/components/format';
import { notify } from '@/lib/notice';
import { newIdempotencyKey } from '@/features/orders/lib/idempotency';
import { type OrderBill, type OrderRef } from '@/features/orders/queries';
import { useBillPayment } from '../../orderBillQueries';
import { FormDialog } from '@/features/orders/components/dialogs/FormDialog';
import { useOrderText } from '@/features/orders/components/labels';

/** Charges one bill by the withholding agreement (a deposit-free lease's: from its Zhima
 * authorisation); one idempotency key per opening. */
export function PayBillDialog({ bill, orderRef, onClose }: { bill: OrderBill | null; orderRef: OrderRef; onClose: () => void }) {
  const { t, label } = useOrderText();
  const pay = useBillPayment(orderRef);
  const [key] = useState(() => newIdempotencyKey('bill'));
  if (!bill) return null;
  return (
    <FormDialog
      title={t('bills.payTitle', { period: bill.period })}
      description={t('bills.payHint', { amount: formatCurrency(bill.amount) })}
      confirmLabel={t('bills.pay')}
      onClose={onClose}
      onSubmit={async () => {
        const result = await pay.mutateAsync({ period: bill.period, idempotency_key: key });
        notify({ kind: 'success', message: { raw: t('bills.payResult', { status: label('bills.paymentStatus', result.status) }) } });
      }}
    >
      {() => null}
    </FormDialog>
  );
}
