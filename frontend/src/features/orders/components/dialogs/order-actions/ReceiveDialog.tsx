'use client';

import { useState } from 'react';
import { Input } from '@/components/ui/Input';
import { useDealAfterSale } from '../../../queries';
import { useOrderText } from '../../labels';
import { FormDialog } from '../FormDialog';
import { type OrderActionDialogProps, useDone } from './shared';

export function ReceiveDialog({ detail, orderRef, onClose }: OrderActionDialogProps) {
  const { t } = useOrderText();
  const [serial, setSerial] = useState('');
  const deal = useDealAfterSale(orderRef);
  const done = useDone();
  return (
    <FormDialog
      title={t('dialogs.receiveTitle')}
      description={t('dialogs.receiveHint')}
      confirmLabel={t('actions.return_receive')}
      onClose={onClose}
      validate={() => (detail.kind === 'lease' && !serial.trim() ? { device_serial: t('dialogs.serialRequired') } : {})}
      onSubmit={() => deal.mutateAsync({ decision: 'receive', device_serial: serial.trim() }).then(done)}
    >
      {(errors) => <Input label={t('dialogs.serial')} value={serial} maxLength={64} error={errors.device_serial} onChange={(event) => setSerial(event.target.value)} />}
    </FormDialog>
  );
}
