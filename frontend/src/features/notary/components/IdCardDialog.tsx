'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { FormFrameDialog } from '@/components/ui/FormFrameDialog';
import { asApiError, fieldErrorsOf } from '@/lib/apiError';
import { notify } from '@/lib/notice';
import { pictureProblem, readAsBase64 } from '../lib/notary';
import { useNotaryStep } from '../queries';
import { useStepFailure } from './stepFailure';
import { FileInput } from '@/components/ui/FileInput';

type Side = 'front' | 'back';
const SIDES: readonly Side[] = ['front', 'back'];

/**
 * Sends both sides of the customer's ID card to the notary service: the pictures the
 * customer gave at intake, or new ones chosen here (JPEG or PNG up to 1 MB, kept as the
 * customer's private files).
 */
export function IdCardDialog({ open, orderId, onClose }: { open: boolean; orderId: number; onClose: () => void }) {
  const t = useTranslations('notary.idCard');
  const common = useTranslations('common');
  const step = useNotaryStep();
  const failureText = useStepFailure();
  const [files, setFiles] = useState<Partial<Record<Side, File>>>({});
  const [errors, setErrors] = useState<Partial<Record<Side, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  if (!open) return null;

  const choose = (side: Side, file: File | undefined) => {
    const problem = file ? pictureProblem(file) : null;
    setErrors((current) => ({ ...current, [side]: problem ? t(`problems.${problem}`) : undefined }));
    setFiles((current) => ({ ...current, [side]: problem ? undefined : file }));
  };
  const submit = async () => {
    setFailure(null);
    try {
      const [front, back] = await Promise.all(SIDES.map((side) => (files[side] ? readAsBase64(files[side]) : Promise.resolve(''))));
      const answer = await step.mutateAsync({ step: 'push_id_card', orderId, frontBase64: front, backBase64: back });
      notify({ kind: 'success', message: { raw: t('done', { count: answer.evidence.length }) } });
      onClose();
    } catch (error) {
      const apiError = asApiError(error);
      if (apiError) {
        const fields = fieldErrorsOf(apiError, { aliases: { front_base64: 'front', back_base64: 'back' } });
        setErrors({ front: fields.front, back: fields.back });
      }
      setFailure(failureText(error));
    }
  };
  return (
    <FormFrameDialog title={t('title')} confirmLabel={t('confirm')} cancelLabel={common('cancel')} failedLabel={t('failed')} busy={step.isPending} failure={failure} onClose={onClose} onSubmit={() => void submit()}>
      <p className="text-sm text-slate-600">{t('hint')}</p>
      {SIDES.map((side) => (
        <div key={side}>
          <label htmlFor={`notary-id-${side}`} className="mb-1 block text-sm font-medium text-slate-700">
            {t(side)}
          </label>
          <FileInput id={`notary-id-${side}`} accept="image/jpeg,image/png" aria-invalid={errors[side] ? true : undefined} onFiles={([file]) => choose(side, file)} />
          <p className={`mt-1 text-xs ${errors[side] ? 'text-red-600' : 'text-slate-500'}`}>{errors[side] ?? (files[side] ? files[side].name : t('fromIntake'))}</p>
        </div>
      ))}
    </FormFrameDialog>
  );
}
