'use client';

import { useRefreshContract } from '../../../queries';
import { useOrderText } from '../../labels';
import { FormDialog } from '../FormDialog';
import { type OrderActionDialogProps, useDone } from './shared';

export function RefreshContractDialog({ orderRef, onClose }: OrderActionDialogProps) {
  const { t } = useOrderText();
  const refresh = useRefreshContract(orderRef);
  const done = useDone();
  return (
    <FormDialog title={t('dialogs.refreshContractTitle')} description={t('dialogs.refreshContractHint')} confirmLabel={t('actions.refresh_contract')} onClose={onClose} onSubmit={() => refresh.mutateAsync().then(done)}>
      {() => null}
    </FormDialog>
  );
}
