'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Select } from '@/components/ui/fields';
import { Input } from '@/components/ui/Input';
import { USER_TEXT } from '@/components/ui/UserText';
import { asApiError, fieldErrorsOf } from '@/lib/apiError';
import { useCreateSupplier, useSuppliers } from '../queries';

/** The receipt's supplier: one of the shop's, or a new one made here without leaving the form. */
export function SupplierPicker({ value, onChange, error }: { value: number | null; onChange: (id: number | null) => void; error?: string }) {
  const t = useTranslations('assets.supplier');
  const suppliers = useSuppliers();
  const create = useCreateSupplier();
  const [adding, setAdding] = useState(false);
  const [draft, setDraft] = useState({ name: '', contact: '', phone: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = async () => {
    if (!draft.name.trim()) {
      setErrors({ name: t('nameRequired') });
      return;
    }
    try {
      const saved = await create.mutateAsync({ name: draft.name.trim(), contact: draft.contact.trim(), phone: draft.phone.trim(), note: '' });
      onChange(saved.id);
      setAdding(false);
      setDraft({ name: '', contact: '', phone: '' });
      setErrors({});
    } catch (failure) {
      const apiError = asApiError(failure);
      const fields = apiError ? fieldErrorsOf(apiError) : {};
      setErrors({ ...fields, ...(fields.name ? {} : { form: apiError?.message || t('failed') }) });
    }
  };

  return (
    <div className="flex flex-col gap-2" data-supplier-picker>
      <div className="flex items-end gap-2">
        <Select className="min-w-0 flex-1" label={t('label')} value={value ? String(value) : ''} error={error} onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}>
          <option value="">{suppliers.isPending ? t('loading') : t('choose')}</option>
          {(suppliers.data?.list ?? []).map((supplier) => (
            <option key={supplier.id} value={supplier.id} {...USER_TEXT}>
              {supplier.name}
            </option>
          ))}
        </Select>
        {!adding && (
          <Button variant="secondary" className={error ? 'mb-5' : ''} onClick={() => setAdding(true)}>
            {t('add')}
          </Button>
        )}
      </div>
      {adding && (
        <fieldset className="flex flex-col gap-2 rounded-md border border-slate-200 bg-slate-50 p-3" data-new-supplier>
          <legend className="px-1 text-xs font-medium text-slate-600">{t('newTitle')}</legend>
          <Input label={t('name')} value={draft.name} maxLength={100} error={errors.name} onChange={(event) => setDraft({ ...draft, name: event.target.value })} />
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            <Input label={t('contact')} value={draft.contact} maxLength={50} error={errors.contact} onChange={(event) => setDraft({ ...draft, contact: event.target.value })} />
            <Input label={t('phone')} value={draft.phone} maxLength={30} error={errors.phone} onChange={(event) => setDraft({ ...draft, phone: event.target.value })} />
          </div>
          {errors.form && <p role="alert" className="text-sm text-red-700">{errors.form}</p>}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setAdding(false)} disabled={create.isPending}>
              {t('cancel')}
            </Button>
            <Button onClick={() => void save()} loading={create.isPending}>
              {t('save')}
            </Button>
          </div>
        </fieldset>
      )}
    </div>
  );
}
