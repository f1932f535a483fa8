'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { DialogButtons } from '@/components/ui/DialogButtons';
import { FormError } from '@/components/ui/FormError';
import { Input } from '@/components/ui/Input';
import { fieldErrorsOf } from '@/lib/apiError';
import { notify } from '@/lib/notice';
import { ADDON_TYPE_CODE_PATTERN } from '../../lib/addon';
import { asApiError } from '../../lib/apiError';
import { useSaveAddonType } from '../../queries';
import type { AddonType } from '../../types';

type Field = 'code' | 'name' | 'name_en' | 'sort';

/**
 * Adds an add-on type or edits one's names and sort. The server saves by code, so a new type's
 * code must not be one already in use (that would silently change the existing type).
 */
export function AddonTypeDialog({ type, existing, onClose }: { type: AddonType | null; existing: readonly AddonType[]; onClose: () => void }) {
  const t = useTranslations('addon.types');
  const tc = useTranslations('common');
  const save = useSaveAddonType();
  const [code, setCode] = useState(type?.code ?? '');
  const [name, setName] = useState(type?.name ?? '');
  const [nameEn, setNameEn] = useState(type?.name_en ?? '');
  const [sort, setSort] = useState(String(type?.sort ?? (existing.reduce((max, item) => Math.max(max, item.sort), 0) + 10)));
  const [isActive, setIsActive] = useState(type?.is_active ?? true);
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});

  const validate = () => {
    const next: typeof errors = {};
    if (!type) {
      if (!ADDON_TYPE_CODE_PATTERN.test(code.trim())) next.code = t('validation.codeInvalid');
      else if (existing.some((item) => item.code === code.trim())) next.code = t('validation.codeTaken');
    }
    for (const [field, value] of [['name', name], ['name_en', nameEn]] as const) {
      if (!value.trim()) next[field] = t('validation.nameRequired');
      else if (value.trim().length > 50) next[field] = t('validation.nameTooLong');
    }
    if (!/^\d{1,6}$/.test(sort.trim())) next.sort = t('validation.sortInvalid');
    return next;
  };

  const submit = () => {
    const next = validate();
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    save.mutate(
      { code: type?.code ?? code.trim(), name: name.trim(), name_en: nameEn.trim(), sort: Number(sort), is_active: isActive },
      {
        onSuccess: (saved) => {
          notify({ kind: 'success', message: { raw: t(type ? 'updated' : 'created', { name: saved.name }) } });
          onClose();
        },
        onError: (error) => {
          const apiError = asApiError(error);
          const fields = apiError ? fieldErrorsOf(apiError) : {};
          const known = Object.fromEntries(Object.entries(fields).filter(([key]) => ['code', 'name', 'name_en', 'sort'].includes(key)));
          setErrors(Object.keys(known).length > 0 ? known : { form: error.message });
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={save.isPending ? () => undefined : onClose}
      title={type ? t('editTitle', { name: type.name }) : t('createTitle')}
      width={520}
      footer={<DialogButtons cancelLabel={tc('cancel')} onCancel={onClose} cancelDisabled={save.isPending} confirmLabel={tc('confirm')} busy={save.isPending} onConfirm={submit} />}
    >
      <form
        noValidate
        className="grid grid-cols-1 gap-4 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="sm:col-span-2">
          <Input label={t('fields.code')} value={code} maxLength={20} disabled={type !== null} autoFocus={type === null} error={errors.code} onChange={(event) => setCode(event.target.value)} />
          {!errors.code && <p className="mt-1 text-xs text-slate-500">{t('fields.codeHint')}</p>}
        </div>
        <Input label={t('fields.name')} value={name} maxLength={50} autoFocus={type !== null} error={errors.name} onChange={(event) => setName(event.target.value)} />
        <Input label={t('fields.nameEn')} value={nameEn} maxLength={50} error={errors.name_en} onChange={(event) => setNameEn(event.target.value)} />
        <Input label={t('fields.sort')} value={sort} inputMode="numeric" maxLength={6} error={errors.sort} onChange={(event) => setSort(event.target.value)} />
        <label className="flex items-center gap-2 text-sm text-slate-700 sm:mt-6">
          <input type="checkbox" className="size-4 accent-brand-600" checked={isActive} onChange={(event) => setIsActive(event.target.checked)} />
          {t('fields.isActive')}
        </label>
        {errors.form && (
          <div className="sm:col-span-2">
            <FormError title={t('saveFailed')} message={errors.form} />
          </div>
        )}
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
