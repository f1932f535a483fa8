'use client';

import { useState } from 'react';
import { openAfterSale } from '../../../lib/actions';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useDealAfterSale } from '../../../queries';
import { useOrderText } from '../../labels';
import { FormDialog } from '../FormDialog';
import { type OrderActionDialogProps, useDone } from './shared';

export function ApproveDialog({ detail, orderRef, onClose }: OrderActionDialogProps) {
  const { t, label } = useOrderText();
  const business = openAfterSale(detail.after_sales);
  // Approving a buyout or a refund moves money: one key per opening.
  const [key] = useState(() => newIdempotencyKey('aftersale'));
  const deal = useDealAfterSale(orderRef);
  const done = useDone();
  return (
    <FormDialog
      title={t('dialogs.approveTitle')}
      description={business ? t('dialogs.approveHint', { kind: label('detail.afterSales.kinds', business.kind, business.kind_name), reason: business.reason || '—' }) : undefined}
      confirmLabel={t('actions.after_sale_approve')}
      onClose={onClose}
      onSubmit={() => deal.mutateAsync({ decision: 'approve', idempotency_key: key }).then(done)}
    >
      {() => null}
    </FormDialog>
  );
}
