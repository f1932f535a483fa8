'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { asApiError, fieldErrorsOf } from '../../lib/apiError';
import { FormError } from './FormError';
import { TextAreaField } from './Fields';

export interface ReasonDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  confirmLabel: string;
  /** Freeze, close and disable need a reason; approve and enable may leave it empty. */
  reasonRequired: boolean;
  danger?: boolean;
  onConfirm: (reason: string) => Promise<unknown>;
}

/** Confirms a status change and asks for its reason; the server's refusal is shown inside. */
export function ReasonDialog(props: ReasonDialogProps) {
  return props.open ? <ReasonDialogBody {...props} /> : null;
}

function ReasonDialogBody({ open, onClose, title, description, confirmLabel, reasonRequired, danger, onConfirm }: ReasonDialogProps) {
  const t = useTranslations('merchant.shared');
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (reasonRequired && reason.trim() === '') {
      setFieldError(t('reasonRequired'));
      return;
    }
    setBusy(true);
    setFieldError(undefined);
    setFormError(undefined);
    try {
      await onConfirm(reason.trim());
      onClose();
    } catch (error) {
      const apiError = asApiError(error);
      const fields = apiError ? fieldErrorsOf(apiError) : {};
      if (fields.reason) setFieldError(fields.reason);
      else setFormError(apiError?.message || t('failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? () => undefined : onClose}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} loading={busy} onClick={() => void submit()}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {description && <p className="text-sm text-slate-600">{description}</p>}
        <TextAreaField
          label={reasonRequired ? t('reason') : t('reasonOptional')}
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
          error={fieldError}
          autoFocus
        />
        {formError && <FormError title={t('failed')} message={formError} />}
      </form>
    </Dialog>
  );
}
