'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { FormFrameDialog } from '@/components/ui/FormFrameDialog';
import { SelectField } from '@/components/ui/fields';
import { Spinner } from '@/components/ui/Spinner';
import { notify } from '@/components/ui/Notice';
import { asApiError } from '@/lib/apiError';
import { newIdempotencyKey } from '@/lib/idempotency';
import { isOneOf, PLATFORM_TEMPLATE_CODES, VARIABLE_NAMES } from '../lib/service';
import { useBaseInfo, useMessagePreview, useSendMessage } from '../queries';

/** Codes this dialog explains in its own words. */
const THROTTLED = 1661;
const MISSING = 1662;

/** Pick a template, read what the customer will get (name masked here), send it. */
export function SendMessageDialog({ orderId, onClose }: { open: boolean; orderId: number; onClose: () => void }) {
  const t = useTranslations('service.send');
  const info = useBaseInfo();
  const templates = (info.data?.templates ?? []).filter((x) => x.is_active);
  const [code, setCode] = useState('');
  const chosen = code || templates[0]?.code || '';
  const preview = useMessagePreview(orderId, chosen);
  const send = useSendMessage(orderId);
  // One key per opening: a retry after a lost answer sends nothing twice.
  const [key] = useState(() => newIdempotencyKey('message'));
  const [failure, setFailure] = useState<string | null>(null);
  const limits = info.data?.limits;
  const missing = preview.data?.missing ?? [];
  const variableName = (name: string) => (isOneOf(VARIABLE_NAMES, name) ? t(`variable.${name}`) : name);

  const submit = async () => {
    setFailure(null);
    if (!chosen || missing.length > 0) return;
    try {
      await send.mutateAsync({ template_code: chosen, idempotency_key: `${key}-${chosen}` });
      notify({ kind: 'success', message: { key: 'service.send.sent' } });
      onClose();
    } catch (error) {
      const apiError = asApiError(error);
      if (apiError?.code === THROTTLED) setFailure(t('throttled', { perHour: limits?.per_hour ?? 0, perDay: limits?.per_day ?? 0 }));
      else if (apiError?.code === MISSING) setFailure(t('missingVariables'));
      else setFailure(apiError?.message ?? t('failed'));
    }
  };

  return (
    <FormFrameDialog title={t('title')} confirmLabel={t('confirm')} cancelLabel={t('cancel')} failedLabel={t('failed')} busy={send.isPending} failure={failure} onClose={onClose} onSubmit={() => void submit()} width={560}>
      {info.isPending ? (
        <Spinner />
      ) : info.isError ? (
        <p className="text-sm text-red-700">{t('loadError')}</p>
      ) : (
        <>
          <SelectField
            label={t('templateLabel')}
            value={chosen}
            options={templates.map((x) => ({ value: x.code, label: x.platform && isOneOf(PLATFORM_TEMPLATE_CODES, x.code) ? t(`template.${x.code}`) : x.name }))}
            onChange={(event) => setCode(event.target.value)}
          />
          <section aria-label={t('preview')} className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
            <p className="mb-1 text-xs font-medium text-slate-500">{preview.data ? t('previewTo', { phone: preview.data.phone }) : t('preview')}</p>
            {preview.isPending ? <Spinner /> : preview.isError ? <p className="text-red-700">{t('previewError')}</p> : <p className="text-slate-800 [overflow-wrap:anywhere]">{preview.data.text}</p>}
          </section>
          {missing.length > 0 && <p className="text-sm text-amber-800">{t('cannotFill', { names: missing.map(variableName).join('、') })}</p>}
          {preview.data && limits && <p className="text-xs text-slate-500">{t('usage', { hour: preview.data.sent_last_hour, perHour: limits.per_hour, day: preview.data.sent_today, perDay: limits.per_day })}</p>}
        </>
      )}
    </FormFrameDialog>
  );
}
