'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Input } from '@/components/ui/Input';
import { FormFrameDialog } from '@/components/ui/FormFrameDialog';
import { TextAreaField } from '@/components/ui/fields';
import { notify } from '@/components/ui/Notice';
import { asApiError, fieldErrorsOf } from '@/lib/apiError';
import { personProblems } from '../lib/service';
import { useBlacklist } from '../queries';

const CONFLICT = 409;

/** Blacklists a person by ID number (and phone): someone the shop refuses before they ever order. */
export function AddPersonDialog({ onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations('service.blacklist');
  const { add } = useBlacklist();
  const [person, setPerson] = useState({ name: '', id_number: '', phone: '', reason: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (field: keyof typeof person) => (event: { target: { value: string } }) => setPerson((current) => ({ ...current, [field]: event.target.value }));
  const problemText = { idNumber: t('badIdNumber'), phone: t('badPhone'), required: t('required') } as const;

  const submit = async () => {
    const problems = personProblems(person);
    setErrors(Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, problemText[problem]])));
    setFailure(null);
    if (Object.keys(problems).length > 0) return;
    try {
      await add.mutateAsync({ name: person.name.trim(), id_number: person.id_number.trim(), phone: person.phone.trim(), reason: person.reason.trim() });
      notify({ kind: 'success', message: { key: 'service.blacklist.added' } });
      onClose();
    } catch (error) {
      const apiError = asApiError(error);
      const fields = apiError ? fieldErrorsOf(apiError) : {};
      if (Object.keys(fields).length > 0) setErrors(Object.fromEntries(Object.keys(fields).map((field) => [field, field === 'phone' ? t('badPhone') : field === 'id_number' ? t('badIdNumber') : t('required')])));
      else setFailure(apiError?.code === CONFLICT ? t('alreadyListed') : (apiError?.message ?? t('failed')));
    }
  };

  return (
    <FormFrameDialog title={t('addPerson')} confirmLabel={t('add')} cancelLabel={t('cancel')} failedLabel={t('failed')} busy={add.isPending} danger failure={failure} onClose={onClose} onSubmit={() => void submit()}>
      <p className="text-sm text-slate-600">{t('addHint')}</p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Input label={t('name')} value={person.name} maxLength={50} onChange={set('name')} />
        <Input label={t('phoneOptional')} value={person.phone} maxLength={20} inputMode="numeric" error={errors.phone} onChange={set('phone')} />
      </div>
      <Input label={t('idNumber')} value={person.id_number} maxLength={18} error={errors.id_number} onChange={set('id_number')} />
      <TextAreaField label={t('reason')} value={person.reason} maxLength={300} error={errors.reason} onChange={set('reason')} />
    </FormFrameDialog>
  );
}
