'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { DialogSection } from '@/components/DetailDialog';
import { Fact } from '@/components/DetailSection';
import { formatDateTime } from '@/components/format';
import { StatusBadge } from '@/components/StatusBadge';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { asApiError } from '@/lib/apiError';
import { attemptOutcome, attemptTone, redeliverRefusal } from '../lib/developers';
import { useRedeliver } from '../queries';
import type { Delivery } from '../types';
import { Code, DeliveryStatusBadge, EventTypeName } from './labels';

/**
 * One delivery: its event, where it went, how it stands, and every attempt (when, the status
 * code or the error, how long it took, the first KB of the answer); sent again from here.
 */
export function DeliveryDetailDialog({ delivery, endpointUrl, onClose }: { delivery: Delivery | null; endpointUrl?: string; onClose: () => void }) {
  const t = useTranslations('developers.deliveries');
  const common = useTranslations('common');
  const redeliver = useRedeliver();
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  if (!delivery) return null;
  const refusal = redeliverRefusal(delivery);
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('detailTitle')}
      width={720}
      footer={
        <>
          {refusal && (
            <span id="delivery-detail-why" className="mr-auto self-center text-xs text-slate-500">
              {t('redeliverWhy')}
            </span>
          )}
          <Button
            variant="secondary"
            disabled={Boolean(refusal)}
            title={refusal ? t('redeliverWhy') : undefined}
            aria-describedby={refusal ? 'delivery-detail-why' : undefined}
            loading={redeliver.isPending}
            onClick={() => {
              setMessage(null);
              redeliver.mutate(
                { delivery_id: delivery.id },
                {
                  onSuccess: () => setMessage({ kind: 'ok', text: t('redelivered') }),
                  onError: (error) => setMessage({ kind: 'error', text: asApiError(error)?.message || t('redeliverFailed') }),
                },
              );
            }}
          >
            {t('redeliver')}
          </Button>
          <Button onClick={onClose}>{common('close')}</Button>
        </>
      }
    >
      <div className="flex flex-col gap-5" data-delivery-detail={delivery.status}>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
          <Fact label={t('columns.event')}>
            <EventTypeName type={delivery.event_type} />
          </Fact>
          <Fact label={t('eventId')}>
            <Code>{delivery.event_id}</Code>
          </Fact>
          <Fact label={t('sequence')}>
            <span className="tabular-nums">{delivery.sequence}</span>
          </Fact>
          <Fact label={t('columns.endpoint')}>{endpointUrl ? <Code>{endpointUrl}</Code> : `#${delivery.endpoint_id}`}</Fact>
          <Fact label={t('columns.status')}>
            <DeliveryStatusBadge status={delivery.status} />
          </Fact>
          <Fact label={t('columns.nextAttempt')}>{delivery.status === 'pending' ? formatDateTime(delivery.next_attempt_at) : ''}</Fact>
          <Fact label={t('deliveredAt')}>{delivery.delivered_at ? formatDateTime(delivery.delivered_at) : ''}</Fact>
          <Fact label={t('columns.createdAt')}>{formatDateTime(delivery.created_at)}</Fact>
        </dl>
        {message && (
          <p role={message.kind === 'error' ? 'alert' : 'status'} className={`rounded-md px-3 py-2 text-sm ${message.kind === 'error' ? 'bg-red-50 text-red-700' : 'bg-emerald-50 text-emerald-800'}`}>
            {message.text}
          </p>
        )}
        <DialogSection id="delivery-attempts" title={t('attemptsTitle', { count: delivery.tries.length })}>
          {delivery.tries.length === 0 ? (
            <p className="text-sm text-slate-500">{t('noAttempts')}</p>
          ) : (
            <ol className="flex flex-col gap-3" data-attempts>
              {delivery.tries.map((attempt) => {
                const outcome = attemptOutcome(attempt);
                return (
                  <li key={attempt.number} className="rounded-md border border-slate-200 p-3" data-attempt={attempt.number} data-attempt-outcome={outcome}>
                    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                      <span className="font-medium text-slate-800">{t('attemptNumber', { number: attempt.number })}</span>
                      <StatusBadge tone={attemptTone(outcome)}>{outcome === 'error' ? t('noAnswer') : t('statusCode', { code: attempt.status_code ?? 0 })}</StatusBadge>
                      <span className="tabular-nums text-slate-600">{formatDateTime(attempt.started_at)}</span>
                      <span className="tabular-nums text-slate-600">{t('duration', { ms: attempt.duration_ms })}</span>
                    </div>
                    {attempt.error && (
                      <p className="mt-2 text-xs text-red-700">
                        {t('error')} <span translate="no" className="font-mono" data-user-text="">{attempt.error}</span>
                      </p>
                    )}
                    {attempt.response_excerpt && (
                      <div className="mt-2">
                        <p className="text-xs text-slate-500">{t('response')}</p>
                        <pre translate="no" data-user-text="" className="mt-1 max-h-40 overflow-auto rounded bg-slate-50 p-2 font-mono text-xs whitespace-pre-wrap text-slate-700 [overflow-wrap:anywhere]">
                          {attempt.response_excerpt}
                        </pre>
                      </div>
                    )}
                  </li>
                );
              })}
            </ol>
          )}
        </DialogSection>
      </div>
    </Dialog>
  );
}
