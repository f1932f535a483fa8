'use client';

import { useState } from 'react';
import { formatCurrency } from '@/components/format';
import { Input } from '@/components/ui/Input';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useDepositThaw } from '../../../queries';
import { useOrderText } from '../../labels';
import { FormDialog } from '../FormDialog';
import { type OrderActionDialogProps, useAmount, useDone } from './shared';

export function ThawDialog({ detail, orderRef, onClose }: OrderActionDialogProps) {
  const { t } = useOrderText();
  const remaining = detail.deposit_detail.remaining;
  const amount = useAmount(remaining, true);
  const [key] = useState(() => newIdempotencyKey('thaw'));
  const thaw = useDepositThaw(orderRef);
  const done = useDone();
  return (
    <FormDialog
      title={t('dialogs.thawTitle')}
      description={t('dialogs.thawHint', { remaining: formatCurrency(remaining) })}
      confirmLabel={t('actions.deposit_thaw')}
      onClose={onClose}
      validate={() => {
        const error = amount.check();
        return error ? { amount: error } : {};
      }}
      onSubmit={() => thaw.mutateAsync({ amount: amount.value(), idempotency_key: key }).then(done)}
    >
      {(errors) => <Input label={t('dialogs.amountOptional')} inputMode="decimal" value={amount.text} error={errors.amount} onChange={(event) => amount.setText(event.target.value)} />}
    </FormDialog>
  );
}
