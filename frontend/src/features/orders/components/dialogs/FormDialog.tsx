'use client';

import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { FormError } from '@/components/ui/FormError';
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
  children: (errors: Record<string, string>) => ReactNode;
}) {
  const t = useTranslations('order');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
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
    <Dialog
      open
      onClose={busy ? () => undefined : onClose}
      title={title}
      width={520}
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
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {description && <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{description}</p>}
        {children(errors)}
        {failure && <FormError title={t('failed')} message={failure} />}
      </form>
    </Dialog>
  );
}
