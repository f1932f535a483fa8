'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { notify } from '@/lib/notice';
import { asApiError } from '../../lib/apiError';
import { useForceGoodsDown, useForceReasons } from '../../queries';
import type { PlatformGoodsRow } from '../../types';
import { Textarea } from '../common/fields';

/** The platform takes a merchant's goods off shelf, with a reason the merchant will see. */
export function ForceDownDialog({ goods, onClose }: { goods: PlatformGoodsRow; onClose: () => void }) {
  const t = useTranslations('goods.forceDown');
  const tc = useTranslations('common');
  const reasons = useForceReasons();
  const forceDown = useForceGoodsDown();
  const [code, setCode] = useState('');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ code?: string; text?: string; form?: string }>({});
  const chosen = reasons.data?.find((reason) => reason.code === code);

  const submit = () => {
    const next: typeof errors = {};
    if (!code) next.code = t('reasonRequired');
    if (chosen?.needs_text && !text.trim()) next.text = t('textRequired');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    forceDown.mutate(
      { id: goods.id, reason_code: code, reason_text: text.trim() },
      {
        onSuccess: () => {
          notify({ kind: 'success', message: { raw: t('done', { title: goods.title }) } });
          onClose();
        },
        onError: (error) => {
          const fields = asApiError(error)?.failure.fields ?? {};
          setErrors({ code: fields.reason_code?.join('; '), text: fields.reason_text?.join('; '), form: error.message });
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('title')}
      width={520}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {tc('cancel')}
          </Button>
          <Button variant="danger" loading={forceDown.isPending} onClick={submit}>
            {t('submit')}
          </Button>
        </>
      }
    >
      <p className="mb-4 text-sm text-slate-700">{t('intro', { title: goods.title, merchant: goods.merchant_name })}</p>
      {reasons.isPending ? (
        <Spinner />
      ) : reasons.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('reasonsError')}
        </p>
      ) : (
        <fieldset aria-describedby={errors.code ? 'force-reason-error' : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-700">{t('reason')}</legend>
          <div className="grid grid-cols-2 gap-2">
            {reasons.data.map((reason) => (
              <label key={reason.code} className={`flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm ${code === reason.code ? 'border-red-400 bg-red-50' : 'border-slate-200 hover:bg-slate-50'}`}>
                <input type="radio" name="force-reason" value={reason.code} checked={code === reason.code} onChange={() => setCode(reason.code)} className="accent-red-600" />
                {reason.label}
              </label>
            ))}
          </div>
          {errors.code && (
            <p id="force-reason-error" className="mt-1 text-xs text-red-600">
              {errors.code}
            </p>
          )}
        </fieldset>
      )}
      <Textarea
        className="mt-4"
        label={chosen?.needs_text ? t('textNeeded') : t('textOptional')}
        rows={3}
        maxLength={200}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={errors.text}
      />
      <p className="mt-2 text-xs text-slate-500">{t('hint')}</p>
      {errors.form && !errors.code && !errors.text && (
        <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {errors.form}
        </p>
      )}
    </Dialog>
  );
}
