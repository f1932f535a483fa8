'use client';

import { useState } from 'react';
import { Input } from '@/components/ui/Input';
import { TextAreaField } from '@/components/ui/fields';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useDebouncedValue } from '../../../lib/returns';
import { useDealAfterSale } from '../../../queries';
import { ReturnQuotePanel } from '../../returns/ReturnQuotePanel';
import { useOrderText } from '../../labels';
import { FormDialog } from '../FormDialog';
import { type OrderActionDialogProps, useAmount, useDone } from './shared';

export function InspectDialog({ orderRef, onClose }: OrderActionDialogProps) {
  const { t } = useOrderText();
  // Any damage: the deposit covers what it can, the rest stays owed as a charge (issue 24).
  const damage = useAmount(null, true);
  const [note, setNote] = useState('');
  const [key] = useState(() => newIdempotencyKey('inspect'));
  const deal = useDealAfterSale(orderRef);
  const done = useDone();
  // The split is quoted live as the amount is typed: a readable amount, once typing paused.
  const quotedDamage = useDebouncedValue(damage.check() === undefined ? (damage.value() ?? '') : '', 400);
  return (
    <FormDialog
      title={t('dialogs.inspectTitle')}
      description={t('dialogs.inspectHint')}
      confirmLabel={t('actions.inspect')}
      onClose={onClose}
      validate={() => {
        const error = damage.check();
        return error ? { damage_amount: error } : {};
      }}
      onSubmit={() => deal.mutateAsync({ decision: 'inspect', damage_amount: damage.value() ?? '0.00', inspection_note: note.trim(), idempotency_key: key }).then(done)}
    >
      {(errors) => (
        <>
          <Input label={t('dialogs.damage')} inputMode="decimal" value={damage.text} error={errors.damage_amount} onChange={(event) => damage.setText(event.target.value)} />
          <TextAreaField label={t('dialogs.note')} value={note} maxLength={500} error={errors.inspection_note} onChange={(event) => setNote(event.target.value)} />
          <ReturnQuotePanel orderRef={orderRef} mode="inspect" damageAmount={quotedDamage || undefined} />
        </>
      )}
    </FormDialog>
  );
}
