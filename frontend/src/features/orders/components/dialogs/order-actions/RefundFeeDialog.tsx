'use client';

import { useState } from 'react';
import { formatCurrency } from '@/components/format';
import { Input } from '@/components/ui/Input';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { remainder } from '../../../lib/money';
import { useRefundShippingFee } from '../../../queries';
import { useOrderText } from '../../labels';
import { FormDialog } from '../FormDialog';
import { type OrderActionDialogProps, useAmount, useDone } from './shared';

export function RefundFeeDialog({ detail, orderRef, onClose }: OrderActionDialogProps) {
  const { t } = useOrderText();
  const left = remainder(detail.shipping_fee, detail.shipping_fee_refunded);
  const amount = useAmount(left, true);
  const [key] = useState(() => newIdempotencyKey('shipfee'));
  const refund = useRefundShippingFee(orderRef);
  const done = useDone();
  return (
    <FormDialog
      title={t('dialogs.refundFeeTitle')}
      description={t('dialogs.refundFeeHint', { fee: formatCurrency(detail.shipping_fee), refunded: formatCurrency(detail.shipping_fee_refunded) })}
      confirmLabel={t('actions.refund_shipping_fee')}
      onClose={onClose}
      validate={() => {
        const error = amount.check();
        return error ? { amount: error } : {};
      }}
      onSubmit={() => refund.mutateAsync({ amount: amount.value(), idempotency_key: key }).then(done)}
    >
      {(errors) => <Input label={t('dialogs.amountOptional')} inputMode="decimal" value={amount.text} error={errors.amount} onChange={(event) => amount.setText(event.target.value)} />}
    </FormDialog>
  );
}
