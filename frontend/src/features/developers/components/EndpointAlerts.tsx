'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import Link from 'next/link';
import { asApiError } from '@/lib/apiError';
import { Banner } from '@/components/ui/Banner';
import { Button } from '@/components/ui/Button';
import { UserText } from '@/components/ui/UserText';
import { formatDateTime } from '@/components/format';
import { developersHref, systemDisabled } from '../lib/developers';
import { useUpdateEndpoint, useWebhookEndpoints } from '../queries';
import { DisabledReason } from './labels';

/**
 * Above every view of the screen: each endpoint the system turned off (410 Gone, or 5 days of
 * failures), why, and the way to turn it on again. Its deliveries that failed meanwhile wait
 * for a redelivery, which the banner points to.
 */
export function EndpointAlerts() {
  const t = useTranslations('developers.alerts');
  const endpoints = useWebhookEndpoints();
  const update = useUpdateEndpoint();
  const [failure, setFailure] = useState<{ id: number; message: string } | null>(null);
  const disabled = systemDisabled(endpoints.data);
  if (disabled.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      {disabled.map((endpoint) => (
        <Banner key={endpoint.id} label={t('label')} tone="error" data-endpoint-alert={String(endpoint.id)}>
          <p>
            {t.rich('disabled', { url: endpoint.url, user: (chunks) => <UserText className="font-medium">{chunks}</UserText> })} <DisabledReason reason={endpoint.disabled_reason} />
          </p>
          {endpoint.failing_since && <p className="text-xs">{t('failingSince', { time: formatDateTime(endpoint.failing_since) })}</p>}
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <Button
              className="px-3 py-1.5"
              loading={update.isPending && update.variables?.id === endpoint.id}
              aria-label={t('enableNamed', { url: endpoint.url })}
              onClick={() => {
                setFailure(null);
                update.mutate({ id: endpoint.id, enabled: true }, { onError: (error) => setFailure({ id: endpoint.id, message: asApiError(error)?.message || t('enableFailed') }) });
              }}
            >
              {t('enable')}
            </Button>
            <Link href={`${developersHref('deliveries', endpoint.id)}&status=failed`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
              {t('failedDeliveries')}
            </Link>
            <span className="text-xs">{t('afterEnable')}</span>
          </div>
          {failure?.id === endpoint.id && (
            <p role="alert" className="text-red-700">
              {failure.message}
            </p>
          )}
        </Banner>
      ))}
    </div>
  );
}
