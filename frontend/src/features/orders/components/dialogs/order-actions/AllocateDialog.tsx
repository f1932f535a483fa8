'use client';

import { useState } from 'react';
import { SelectField } from '@/components/ui/fields';
import { useAllocateOrder, useAssignees } from '../../../queries';
import { useOrderText } from '../../labels';
import { FormDialog } from '../FormDialog';
import { type OrderActionDialogProps, useDone } from './shared';

export function AllocateDialog({ orderRef, onClose }: OrderActionDialogProps) {
  const { t } = useOrderText();
  const [role, setRole] = useState<'auditor' | 'salesman'>('auditor');
  const [accountId, setAccountId] = useState('');
  const people = useAssignees(role);
  const allocate = useAllocateOrder(orderRef);
  const done = useDone();
  return (
    <FormDialog
      title={t('dialogs.allocateTitle')}
      confirmLabel={t('dialogs.confirm')}
      onClose={onClose}
      validate={() => (accountId ? {} : { account_id: t('dialogs.choosePerson') })}
      onSubmit={() => allocate.mutateAsync(Number(accountId)).then(done)}
    >
      {(errors) => (
        <>
          <SelectField
            label={t('dialogs.allocateRole')}
            value={role}
            onChange={(event) => {
              setRole(event.target.value as 'auditor' | 'salesman');
              setAccountId('');
            }}
            options={(['auditor', 'salesman'] as const).map((value) => ({ value, label: t(`dialogs.roles.${value}`) }))}
          />
          <SelectField
            label={t('dialogs.person')}
            value={accountId}
            error={errors.account_id ?? (people.isError ? t('dialogs.optionsError') : people.data?.length === 0 ? t('dialogs.noPeople') : undefined)}
            onChange={(event) => setAccountId(event.target.value)}
            options={[{ value: '', label: t('dialogs.choosePerson') }, ...(people.data ?? []).map((person) => ({ value: String(person.id), label: `${person.name} (${person.username})` }))]}
          />
        </>
      )}
    </FormDialog>
  );
}
