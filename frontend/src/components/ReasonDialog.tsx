'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { asApiError, fieldErrorsOf } from '@/lib/apiError';
import { FormFrameDialog } from './ui/FormFrameDialog';
import { TextAreaField } from './ui/fields';

export interface ReasonChoice {
  value: string;
  label: string;
  /** The free text becomes required when this choice is picked ("other"). */
  needsText?: boolean;
}

export interface ReasonDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  confirmLabel: string;
  /** Freeze, close, disable and force down need a reason; approve and enable may leave it empty. */
  reasonRequired: boolean;
  danger?: boolean;
  /** Preset reasons (radio buttons) before the free text, e.g. the platform's force-down reasons. */
  choices?: readonly ReasonChoice[];
  hint?: string;
  maxLength?: number;
  /** Wording of this dialog where the kit's default is too general ("enter the explanation"). */
  labels?: Partial<Record<'reason' | 'reasonOptional' | 'required' | 'choice' | 'choiceRequired', string>>;
  onConfirm: (reason: string, choice?: string) => Promise<unknown>;
}

/**
 * The one dialog that confirms a status change and asks why. The server's refusal is shown
 * inside (field errors beside the reason); it closes only once the change went through.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  return props.open ? <ReasonDialogBody {...props} /> : null;
}

function ReasonDialogBody({ onClose, title, description, confirmLabel, reasonRequired, danger, choices, hint, maxLength = 500, labels = {}, onConfirm }: ReasonDialogProps) {
  const kit = useTranslations('kit.reason');
  const t = (key: 'reason' | 'reasonOptional' | 'required' | 'choice' | 'choiceRequired' | 'failed' | 'cancel') => (key in labels ? labels[key as keyof typeof labels] : undefined) ?? kit(key);
  const groupId = useId();
  const [reason, setReason] = useState('');
  const [choice, setChoice] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; choice?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const chosen = choices?.find((option) => option.value === choice);
  const textRequired = choices ? Boolean(chosen?.needsText) : reasonRequired;

  const submit = async () => {
    const next: typeof errors = {};
    if (choices && reasonRequired && !choice) next.choice = t('choiceRequired');
    if (textRequired && reason.trim() === '') next.reason = t('required');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      await onConfirm(reason.trim(), choices ? choice : undefined);
      onClose();
    } catch (error) {
      const apiError = asApiError(error);
      const fields = apiError ? fieldErrorsOf(apiError, { aliases: { reason_text: 'reason', reason_code: 'choice' } }) : {};
      if (fields.reason || fields.choice) setErrors({ reason: fields.reason, choice: fields.choice });
      else setErrors({ form: apiError?.message || t('failed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormFrameDialog
      title={title}
      confirmLabel={confirmLabel}
      cancelLabel={t('cancel')}
      failedLabel={t('failed')}
      busy={busy}
      danger={danger}
      failure={errors.form}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      {description && <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{description}</p>}
      {choices && (
        <fieldset aria-describedby={errors.choice ? `${groupId}-error` : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-700">{t('choice')}</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {choices.map((option) => (
              <label key={option.value} className={`flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm ${choice === option.value ? 'border-brand-400 bg-brand-50' : 'border-slate-200 hover:bg-slate-50'}`}>
                <input type="radio" name={groupId} value={option.value} checked={choice === option.value} onChange={() => setChoice(option.value)} className="accent-brand-600" />
                {option.label}
              </label>
            ))}
          </div>
          {errors.choice && (
            <p id={`${groupId}-error`} className="mt-1 text-xs text-red-600">
              {errors.choice}
            </p>
          )}
        </fieldset>
      )}
      <TextAreaField
        label={textRequired ? t('reason') : t('reasonOptional')}
        value={reason}
        maxLength={maxLength}
        onChange={(event) => setReason(event.target.value)}
        error={errors.reason}
        hint={hint}
        autoFocus={!choices}
      />
    </FormFrameDialog>
  );
}
