'use client';

import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { FormFrameDialog } from '@/components/ui/FormFrameDialog';
import { asApiError, type ApiError } from '@/lib/apiError';

/**
 * A dialog with a few fields that sends one call: it checks the fields (`validate` answers an
 * error per field), shows the server's refusal inside, and closes only once the call went
 * through. Escape and outside clicks do nothing while the call is in flight.
 */
export function FormDialog({
  title,
  description,
  confirmLabel,
  danger,
  onClose,
  validate,
  onSubmit,
  explain,
  disabled,
  children,
}: {
  title: string;
  description?: string;
  confirmLabel: string;
  danger?: boolean;
  onClose: () => void;
  /** Field errors by name (undefined: that field is fine); none when the form may be sent. */
  validate?: () => Record<string, string | undefined>;
  onSubmit: () => Promise<unknown>;
  /** The dialog's own words for a refusal it knows (by code); else the server's message shows. */
  explain?: (error: ApiError) => string | undefined;
  /** The confirm button is off (the form says why beside the field at fault). */
  disabled?: boolean;
  children: (errors: Record<string, string>) => ReactNode;
}) {
  const t = useTranslations('order');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (disabled) return;
    const found = Object.fromEntries(Object.entries(validate?.() ?? {}).filter((entry): entry is [string, string] => Boolean(entry[1])));
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await onSubmit();
      onClose();
    } catch (error) {
      const apiError = asApiError(error);
      const fields = apiError?.failure.fields ?? {};
      const fieldErrors = Object.fromEntries(Object.entries(fields).map(([name, messages]) => [name, Array.isArray(messages) ? String(messages[0] ?? '') : String(messages)]));
      setErrors(fieldErrors);
      setFailure((apiError && explain?.(apiError)) || apiError?.message || t('failed'));
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
      disabled={disabled}
      danger={danger}
      failure={failure}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      {description && <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{description}</p>}
      {children(errors)}
    </FormFrameDialog>
  );
}
