'use client';

import { useState } from 'react';
import { formatCurrency } from '@/components/format';
import { Input } from '@/components/ui/Input';
import { SelectField } from '@/components/ui/fields';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useDepositTransfer } from '../../../queries';
import { useOrderText } from '../../labels';
import { FormDialog } from '../FormDialog';
import { type OrderActionDialogProps, useAmount, useDone } from './shared';

export function TransferDialog({ detail, orderRef, onClose }: OrderActionDialogProps) {
  const { t } = useOrderText();
  const remaining = detail.deposit_detail.remaining;
  const [purpose, setPurpose] = useState<'bills' | 'damage'>('bills');
  // Bills: omit to cover what it can; damage: the amount charged.
  const amount = useAmount(remaining, purpose === 'bills');
  const [key] = useState(() => newIdempotencyKey('transfer'));
  const transfer = useDepositTransfer(orderRef);
  const done = useDone();
  return (
    <FormDialog
      title={t('dialogs.transferTitle')}
      description={t('dialogs.transferHint', { remaining: formatCurrency(remaining) })}
      confirmLabel={t('actions.deposit_transfer')}
      onClose={onClose}
      validate={() => {
        const error = amount.check();
        return error ? { amount: error } : {};
      }}
      onSubmit={() => transfer.mutateAsync({ purpose, amount: amount.value(), idempotency_key: key }).then(done)}
    >
      {(errors) => (
        <>
          <SelectField
            label={t('dialogs.purpose')}
            value={purpose}
            onChange={(event) => setPurpose(event.target.value as 'bills' | 'damage')}
            options={(['bills', 'damage'] as const).map((value) => ({ value, label: t(`dialogs.purposes.${value}`) }))}
          />
          <Input label={purpose === 'bills' ? t('dialogs.amountOptional') : t('dialogs.amount')} inputMode="decimal" value={amount.text} error={errors.amount} onChange={(event) => amount.setText(event.target.value)} />
        </>
      )}
    </FormDialog>
  );
}
