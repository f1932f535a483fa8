'use client';

/* eslint-disable @next/next/no-img-element -- icons come from the API's media path */
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { DialogButtons } from '@/components/ui/DialogButtons';
import { Input } from '@/components/ui/Input';
import { asApiError, GOODS_ERRORS } from '@/features/goods/lib/apiError';
import { usePictureUpload } from '@/features/goods/queries';
import { notify } from '@/lib/notice';
import { useCreateCategory, useUpdateCategory } from '../queries';
import type { CategoryNode } from '../types';
import { FileButton } from '@/components/ui/FileInput';

export type CategoryDialogState = { mode: 'create'; parent: CategoryNode | null } | { mode: 'edit'; node: CategoryNode };

/** Create a category (top level or child) or edit one: name, icon, sort (and status on create). */
export function CategoryDialog({ state, onClose }: { state: CategoryDialogState; onClose: () => void }) {
  const t = useTranslations('category');
  const tc = useTranslations('common');
  const editing = state.mode === 'edit' ? state.node : null;
  const parent = state.mode === 'create' ? state.parent : null;
  const [name, setName] = useState(editing?.name ?? '');
  const [icon, setIcon] = useState(editing?.icon ?? '');
  const [sort, setSort] = useState(String(editing?.sort ?? 0));
  const [enabled, setEnabled] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const upload = usePictureUpload();

  const uploadIcon = (file: File | undefined) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: ({ url }) => {
        setIcon(url);
        setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== 'icon')));
      },
      onError: (error) => {
        const code = asApiError(error)?.code;
        setErrors((current) => ({ ...current, icon: code === GOODS_ERRORS.notAnImage ? t('iconNotImage') : code === GOODS_ERRORS.tooLarge ? t('iconTooLarge') : error.message }));
      },
    });
  };

  const submit = () => {
    const next: Record<string, string> = {};
    if (!name.trim()) next.name = t('nameRequired');
    else if (name.trim().length > 50) next.name = t('nameTooLong');
    if (!/^\d+$/.test(sort.trim()) || Number(sort) > 999_999) next.sort = t('sortInvalid');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const onError = (error: Error) => {
      const apiError = asApiError(error);
      const fields = apiError?.failure.fields ?? {};
      const mapped: Record<string, string> = {};
      for (const [key, messages] of Object.entries(fields)) mapped[key] = messages.join('; ') || error.message;
      if (Object.keys(mapped).length === 0) mapped.form = error.message;
      setErrors(mapped);
    };
    const onSuccess = () => {
      notify({ kind: 'success', message: { raw: t(editing ? 'updated' : 'created', { name: name.trim() }) } });
      onClose();
    };
    if (editing) {
      update.mutate({ id: editing.id, name: name.trim(), icon, sort: Number(sort) }, { onSuccess, onError });
    } else {
      create.mutate({ name: name.trim(), icon, sort: Number(sort), parent_id: parent?.id ?? 0, status: enabled ? 1 : 0 }, { onSuccess, onError });
    }
  };

  const title = editing ? t('editTitle', { name: editing.name }) : parent ? t('createChildTitle', { parent: parent.name }) : t('createTitle');
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      footer={<DialogButtons cancelLabel={tc('cancel')} onCancel={onClose} confirmLabel={tc('confirm')} busy={create.isPending || update.isPending} onConfirm={submit} />}
    >
      <div className="flex flex-col gap-4">
        {parent && <p className="text-sm text-slate-600">{t('parentIs', { parent: parent.name })}</p>}
        <Input label={t('name')} value={name} maxLength={50} onChange={(event) => setName(event.target.value)} error={errors.name} />
        <div>
          <p className="mb-1 text-sm font-medium text-slate-700">{t('icon')}</p>
          <div className="flex items-center gap-3">
            {icon ? (
              <img src={icon} alt={t('iconPreview')} className="size-14 rounded-md border border-slate-200 object-cover" />
            ) : (
              <span className="flex size-14 items-center justify-center rounded-md border border-dashed border-slate-300 text-xs text-slate-400">{t('noIcon')}</span>
            )}
            <FileButton look="button" accept="image/jpeg,image/png,image/gif,image/webp" onFiles={([file]) => uploadIcon(file)}>
              {upload.isPending ? t('uploading') : t('uploadIcon')}
            </FileButton>
            {icon && (
              <Button variant="ghost" onClick={() => setIcon('')}>
                {t('removeIcon')}
              </Button>
            )}
          </div>
          {errors.icon && <p role="alert" className="mt-1 text-xs text-red-600">{errors.icon}</p>}
        </div>
        <Input label={t('sort')} inputMode="numeric" value={sort} onChange={(event) => setSort(event.target.value)} error={errors.sort} />
        {!editing && (
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" className="size-4 accent-brand-600" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
            {t('enableOnCreate')}
          </label>
        )}
        {errors.form && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {errors.form}
          </p>
        )}
      </div>
    </Dialog>
  );
}
