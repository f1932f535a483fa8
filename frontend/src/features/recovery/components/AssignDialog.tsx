'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { DialogButtons } from '@/components/ui/DialogButtons';
import { SelectField } from '@/components/ui/fields';
import { FormError } from '@/components/ui/FormError';
import { notify } from '@/components/ui/Notice';
import { asApiError } from '@/lib/apiError';
import { useAssignRecoveryCases, useRecoveryCollectors } from '../queries';

const NO_ONE = 'none';

/** Assigns one or many cases to a collector (or to no one); the server audits each case. */
export function AssignDialog({ caseIds, onClose, onDone }: { caseIds: readonly number[]; onClose: () => void; onDone?: () => void }) {
  const t = useTranslations('recovery.assignDialog');
  const open = caseIds.length > 0;
  const collectors = useRecoveryCollectors(open);
  const assign = useAssignRecoveryCases();
  const [choice, setChoice] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const options = [
    ...(collectors.data ?? []).map((collector) => ({ value: String(collector.id), label: t('collectorOption', { name: collector.name || collector.username, count: collector.open_cases }) })),
    { value: NO_ONE, label: t('none') },
  ];
  const value = choice || options[0]?.value || NO_ONE;
  const submit = () => {
    setFailure(null);
    assign.mutate(
      { case_ids: [...caseIds], assignee_id: value === NO_ONE ? null : Number(value) },
      {
        onSuccess: (answer) => {
          notify({ kind: 'success', message: { raw: t('done', { count: answer.assigned }) } });
          onDone?.();
          onClose();
        },
        onError: (error) => setFailure(asApiError(error)?.message || t('failed')),
      },
    );
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('title')}
      footer={<DialogButtons cancelLabel={t('cancel')} onCancel={onClose} confirmLabel={t('confirm')} busy={assign.isPending} disabled={collectors.isPending || collectors.isError} onConfirm={submit} />}
    >
      <div className="flex flex-col gap-3">
        <p className="text-sm text-slate-700">{t('intro', { count: caseIds.length })}</p>
        {collectors.isError ? (
          <FormError title={t('loadError')} />
        ) : (
          <SelectField label={t('collector')} value={value} options={options} disabled={collectors.isPending} onChange={(event) => setChoice(event.target.value)} />
        )}
        {collectors.data && collectors.data.length === 0 && <p className="text-sm text-slate-500">{t('noCollectors')}</p>}
        {failure && <FormError title={t('failed')} message={failure} />}
      </div>
    </Dialog>
  );
}
