'use client';

import { useState } from 'react';
import { businessDay } from '@/lib/businessTime';
import { formatCurrency } from '@/components/format';
import { Input } from '@/components/ui/Input';
import type { ApiError } from '@/lib/apiError';
import { notify } from '@/lib/notice';
import { newIdempotencyKey } from '@/features/orders/lib/idempotency';
import { isPositive } from '@/features/orders/lib/money';
import { AFTER_SALE_OPEN, OFFLINE_AMOUNT_MISMATCH, offlineRepaymentInput, OLDER_BILL_FIRST, owedNow, PAYMENT_IN_PROGRESS } from '@/features/orders/lib/repayments';
import { type OrderBill, type OrderRef } from '@/features/orders/queries';
import { useRecordOfflineRepayment } from '../../orderBillQueries';
import { FormDialog } from '@/features/orders/components/dialogs/FormDialog';
import { CHARGE_KINDS } from '@/features/orders/lib/returns';
import { useOrderText } from '@/features/orders/components/labels';
import { useBillName } from './billName';
import { OfflineReceiptFields, receiptForm, useReceiptProblemText, useReceiptState } from './OfflineReceiptFields';

/**
 * Records that the customer paid one bill outside the provider (store side, `finance.manage`):
 * exactly what the bill owes now (its late fee, then its rent), how and when it was paid, and
 * the voucher picture. One idempotency key per opening: a retry after a lost answer records it
 * once.
 */
export function OfflineRepaymentDialog({ bill, orderRef, onClose }: { bill: OrderBill | null; orderRef: OrderRef; onClose: () => void }) {
  const { t } = useOrderText();
  const record = useRecordOfflineRepayment(orderRef);
  const [key] = useState(() => newIdempotencyKey('offline'));
  const owed = bill ? owedNow(bill) : '0.00';
  const [amount, setAmount] = useState(owed);
  const [receipt, setReceipt] = useReceiptState();
  const problemText = useReceiptProblemText();
  const billName = useBillName();
  if (!bill) return null;
  // A charge raised after the return is named by its kind; rent by its period.
  const charge = CHARGE_KINDS.has(bill.kind);
  const checked = () => offlineRepaymentInput({ ...receiptForm(receipt), amount }, owed, businessDay());
  const explain = (error: ApiError) => {
    if (error.code === OFFLINE_AMOUNT_MISMATCH) return t('repayment.amountChanged');
    if (error.code === OLDER_BILL_FIRST) return t('repayment.olderFirst');
    if (error.code === PAYMENT_IN_PROGRESS) return t('repayment.inFlight');
    if (error.code === AFTER_SALE_OPEN) return t('repayment.afterSaleOpen');
    return undefined;
  };
  return (
    <FormDialog
      title={charge ? t('repayment.titleCharge', { bill: billName(bill) }) : t('repayment.title', { period: bill.period })}
      description={
        isPositive(bill.late_fee_owed) ? t('repayment.hint', { owed: formatCurrency(owed), lateFee: formatCurrency(bill.late_fee_owed) }) : t('repayment.hintNoLateFee', { owed: formatCurrency(owed) })
      }
      confirmLabel={t('repayment.confirm')}
      onClose={onClose}
      validate={() => {
        const result = checked();
        if (!('problems' in result)) return {};
        return Object.fromEntries(
          result.problems.map((found) => [
            found.field,
            found.field === 'amount' ? (found.problem === 'mismatch' ? t('repayment.amountMismatch', { owed: formatCurrency(owed) }) : t('dialogs.amountInvalid')) : problemText(found),
          ]),
        );
      }}
      explain={explain}
      onSubmit={async () => {
        const result = checked();
        if ('problems' in result) return;
        await record.mutateAsync({ period: bill.period, ...result.body, idempotency_key: key });
        notify({ kind: 'success', message: { raw: charge ? t('repayment.doneCharge', { bill: billName(bill) }) : t('repayment.done', { period: bill.period }) } });
      }}
    >
      {(errors) => (
        <>
          <Input label={t('repayment.amount')} inputMode="decimal" autoComplete="off" value={amount} error={errors.amount} onChange={(event) => setAmount(event.target.value)} />
          <OfflineReceiptFields state={receipt} onChange={setReceipt} errors={errors} />
        </>
      )}
    </FormDialog>
  );
}
