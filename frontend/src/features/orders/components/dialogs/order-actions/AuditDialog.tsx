'use client';

import { ReasonDialog } from '@/components/ReasonDialog';
import { useAuditOrder } from '../../../queries';
import { useOrderText } from '../../labels';
import { type OrderActionDialogProps, useDone } from './shared';

export function AuditDialog({ detail, orderRef, onClose, passed }: OrderActionDialogProps & { passed: boolean }) {
  const { t } = useOrderText();
  const audit = useAuditOrder(orderRef);
  const done = useDone();
  return (
    <ReasonDialog
      open
      onClose={onClose}
      title={t(passed ? 'dialogs.auditPassTitle' : 'dialogs.auditRefuseTitle', { orderNo: detail.order_no })}
      description={t(passed ? 'dialogs.auditPassHint' : 'dialogs.auditRefuseHint')}
      confirmLabel={t(passed ? 'actions.audit_pass' : 'actions.audit_refuse')}
      reasonRequired={!passed}
      danger={!passed}
      maxLength={300}
      onConfirm={(reason) => audit.mutateAsync({ passed, reason }).then(done)}
    />
  );
}
