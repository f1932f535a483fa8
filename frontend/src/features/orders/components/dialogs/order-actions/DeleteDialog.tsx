'use client';

import { useDeleteOrder } from '../../../queries';
import { useOrderText } from '../../labels';
import { FormDialog } from '../FormDialog';
import type { OrderActionDialogProps } from './shared';

export function DeleteDialog({ detail, orderRef, onClose, onDeleted }: OrderActionDialogProps) {
  const { t } = useOrderText();
  const remove = useDeleteOrder(orderRef);
  return (
    <FormDialog title={t('dialogs.deleteTitle', { orderNo: detail.order_no })} description={t('dialogs.deleteHint')} confirmLabel={t('actions.delete')} danger onClose={onClose} onSubmit={() => remove.mutateAsync().then(onDeleted)}>
      {() => null}
    </FormDialog>
  );
}
