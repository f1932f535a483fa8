'use client';

import { ReasonDialog } from '@/components/ReasonDialog';
import { useCloseOrder } from '../../../queries';
import { useOrderText } from '../../labels';
import { type OrderActionDialogProps, useDone } from './shared';

export function CloseDialog({ detail, orderRef, onClose, platform }: OrderActionDialogProps & { platform: boolean }) {
  const { t } = useOrderText();
  const close = useCloseOrder(orderRef);
  const done = useDone();
  return (
    <ReasonDialog
      open
      onClose={onClose}
      title={t(platform ? 'dialogs.platformCloseTitle' : 'dialogs.closeTitle', { orderNo: detail.order_no })}
      description={t(platform ? 'dialogs.platformCloseHint' : 'dialogs.closeHint')}
      confirmLabel={t(platform ? 'actions.platform_close' : 'actions.close')}
      reasonRequired
      danger
      maxLength={300}
      onConfirm={(reason) => close.mutateAsync(reason).then(done)}
    />
  );
}
