'use client';

import { useConfirmDelivery } from '../../../queries';
import { useOrderText } from '../../labels';
import { FormDialog } from '../FormDialog';
import { type OrderActionDialogProps, useDone } from './shared';

export function DeliverDialog({ orderRef, onClose }: OrderActionDialogProps) {
  const { t } = useOrderText();
  const deliver = useConfirmDelivery(orderRef);
  const done = useDone();
  return (
    <FormDialog title={t('dialogs.deliverTitle')} description={t('dialogs.deliverHint')} confirmLabel={t('actions.deliver')} onClose={onClose} onSubmit={() => deliver.mutateAsync().then(done)}>
      {() => null}
    </FormDialog>
  );
}
