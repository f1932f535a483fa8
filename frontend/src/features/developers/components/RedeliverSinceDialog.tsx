'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { SelectField } from '@/components/ui/fields';
import { DateTimeField, type DateTimeValue } from '@/components/ui/DateTimeField';
import { FormFrameDialog } from '@/components/ui/FormFrameDialog';
import { notify } from '@/components/ui/Notice';
import { asApiError } from '@/lib/apiError';
import { businessClock, businessDay, businessInstant } from '@/lib/businessTime';
import { useRedeliver } from '../queries';
import type { WebhookEndpoint } from '../types';

/**
 * Every failed delivery of one endpoint since a moment, sent again from the first step of the
 * schedule (the same event ids): the endpoint, and the moment on the shop's clock (a day ago
 * by default). Says how many went.
 */
export function RedeliverSinceDialog(props: { open: boolean; endpoints: readonly WebhookEndpoint[]; endpointId: number | undefined; onClose: () => void }) {
  return props.open ? <Body {...props} /> : null;
}

function Body({ endpoints, endpointId, onClose }: { endpoints: readonly WebhookEndpoint[]; endpointId: number | undefined; onClose: () => void }) {
  const t = useTranslations('developers.redeliverSince');
  const common = useTranslations('common');
  const redeliver = useRedeliver();
  const [endpoint, setEndpoint] = useState(String(endpointId ?? endpoints[0]?.id ?? ''));
  const [since, setSince] = useState<DateTimeValue>(() => businessClock(new Date(Date.now() - 24 * 3600_000)));
  const [errors, setErrors] = useState<{ endpoint?: string; since?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = () => {
    const instant = businessInstant(since.day, since.time);
    const found = { endpoint: endpoint ? undefined : t('endpointRequired'), since: instant ? (new Date(instant).getTime() > Date.now() ? t('sinceFuture') : undefined) : t('sinceRequired') };
    setErrors(found);
    setFailure(null);
    if (found.endpoint || found.since || !instant) return;
    redeliver.mutate(
      { endpoint_id: Number(endpoint), failed_since: instant },
      {
        onSuccess: ({ count }) => {
          notify({ kind: count > 0 ? 'success' : 'info', message: { key: 'developers.redeliverSince.done', values: { count } } });
          onClose();
        },
        onError: (error) => setFailure(asApiError(error)?.message || t('failed')),
      },
    );
  };

  return (
    <FormFrameDialog title={t('title')} confirmLabel={t('submit')} cancelLabel={common('cancel')} failedLabel={t('failed')} busy={redeliver.isPending} failure={failure} onClose={onClose} onSubmit={submit}>
      <p className="text-sm text-slate-600">{t('intro')}</p>
      <SelectField
        label={t('endpoint')}
        value={endpoint}
        error={errors.endpoint}
        onChange={(event) => setEndpoint(event.target.value)}
        options={endpoints.map((item) => ({ value: String(item.id), label: item.url, userText: true }))}
      />
      <DateTimeField label={t('since')} value={since} max={businessDay()} error={errors.since} onChange={setSince} />
    </FormFrameDialog>
  );
}
