'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import type { ColumnDef } from '@/components/data-table/types';
import { RecordsSection } from '@/components/data-table/RecordsSection';
import { formatDateTime } from '@/components/format';
import { lazyDialog } from '@/components/lazyDialog';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { notify } from '@/components/ui/Notice';
import { Truncate } from '@/components/ui/Truncate';
import { asApiError } from '@/lib/apiError';
import { developersHref, endpointState, pingRefusal } from '../lib/developers';
import { useDeleteEndpoint, useRollSecret, useTestEndpoint, useUpdateEndpoint, useWebhookEndpoints } from '../queries';
import type { WebhookEndpoint } from '../types';
import { DisabledReason, EndpointStatusBadge, EventTypeName } from './labels';
import { SecretDialog, type Revealed } from './SecretDialog';

// The form (and its checkboxes of event types) loads when first opened.
const EndpointFormDialog = lazyDialog(() => import('./dialogs').then((module) => module.EndpointFormDialog), (props) => props.open);

/** The endpoints' table, with the row actions that send a call of their own. */
export function EndpointsView() {
  const t = useTranslations('developers.endpoints');
  const endpoints = useWebhookEndpoints();
  const update = useUpdateEndpoint();
  const test = useTestEndpoint();
  const roll = useRollSecret();
  const remove = useDeleteEndpoint();
  const [form, setForm] = useState<{ endpoint: WebhookEndpoint | null } | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [rolling, setRolling] = useState<WebhookEndpoint | null>(null);
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const [confirmFailure, setConfirmFailure] = useState<string | null>(null);

  const columns = useMemo<ColumnDef<WebhookEndpoint, unknown>[]>(() => {
    const toggle = (endpoint: WebhookEndpoint) =>
      update.mutate(
        { id: endpoint.id, enabled: !endpoint.enabled },
        {
          onSuccess: (saved) => notify({ kind: 'success', message: { key: saved.enabled ? 'developers.endpoints.enabled' : 'developers.endpoints.disabled' } }),
          onError: (error) => notify({ kind: 'error', message: asApiError(error)?.message ? { raw: asApiError(error)!.message } : { key: 'developers.endpoints.toggleFailed' } }),
        },
      );
    const ping = (endpoint: WebhookEndpoint) =>
      test.mutate(endpoint.id, {
        onSuccess: () => notify({ kind: 'success', message: { key: 'developers.endpoints.pingQueued' } }),
        onError: (error) => notify({ kind: 'error', message: asApiError(error)?.message ? { raw: asApiError(error)!.message } : { key: 'developers.endpoints.pingFailed' } }),
      });
    return [
      {
        id: 'endpoint',
        header: t('columns.endpoint'),
        meta: { rowHeader: true },
        cell: ({ row }) => (
          <div className="flex max-w-72 min-w-24 flex-col gap-0.5 sm:min-w-40">
            <Truncate text={row.original.url} className="font-mono text-xs text-slate-900" />
            {row.original.description && <Truncate text={row.original.description} className="text-xs font-normal text-slate-500" />}
          </div>
        ),
      },
      {
        id: 'events',
        header: t('columns.events'),
        meta: { priority: 3 },
        cell: ({ row }) =>
          row.original.event_types.length === 0 ? (
            <span className="whitespace-nowrap">{t('allEvents')}</span>
          ) : (
            <ul className="flex max-w-64 flex-col gap-0.5 text-xs" aria-label={t('eventCount', { count: row.original.event_types.length })}>
              {row.original.event_types.map((type) => (
                <li key={type}>
                  <EventTypeName type={type} withCode={false} />
                </li>
              ))}
            </ul>
          ),
      },
      {
        id: 'status',
        header: t('columns.status'),
        meta: { priority: 1 },
        cell: ({ row }) => {
          const endpoint = row.original;
          return (
            <div className="flex max-w-56 flex-col items-start gap-1" data-endpoint-state={endpointState(endpoint)}>
              <EndpointStatusBadge endpoint={endpoint} />
              {endpointState(endpoint) === 'disabledBySystem' && (
                <span className="text-xs text-red-700">
                  <DisabledReason reason={endpoint.disabled_reason} />
                </span>
              )}
            </div>
          );
        },
      },
      {
        id: 'failing_since',
        header: t('columns.failingSince'),
        meta: { priority: 2 },
        cell: ({ row }) => <span className={`whitespace-nowrap tabular-nums ${row.original.failing_since ? 'text-red-700' : ''}`}>{formatDateTime(row.original.failing_since)}</span>,
      },
      {
        id: 'secret',
        header: t('columns.secret'),
        meta: { priority: 3 },
        cell: ({ row }) => <span className="whitespace-nowrap text-xs">{row.original.rolling_until ? t('rollingUntil', { time: formatDateTime(row.original.rolling_until) }) : t('secretCurrent')}</span>,
      },
      { id: 'created_at', header: t('columns.createdAt'), meta: { priority: 3 }, cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(row.original.created_at)}</span> },
      {
        id: 'actions',
        header: t('columns.actions'),
        cell: ({ row }) => {
          const endpoint = row.original;
          const refusal = pingRefusal(endpoint);
          const whyId = `endpoint-${endpoint.id}-ping-why`;
          return (
            <div className="flex max-w-72 flex-col gap-1">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 whitespace-nowrap">
                <Button variant="link" aria-label={t('editNamed', { url: endpoint.url })} onClick={() => setForm({ endpoint })}>
                  {t('edit')}
                </Button>
                <Button
                  variant="link"
                  disabled={Boolean(refusal)}
                  loading={test.isPending && test.variables === endpoint.id}
                  title={refusal ? t('pingWhy') : undefined}
                  aria-describedby={refusal ? whyId : undefined}
                  aria-label={t('pingNamed', { url: endpoint.url })}
                  className="disabled:text-slate-400 disabled:no-underline"
                  onClick={() => ping(endpoint)}
                >
                  {t('ping')}
                </Button>
                <Button
                  variant="link"
                  className={endpoint.enabled ? 'text-red-600 hover:text-red-700' : ''}
                  loading={update.isPending && update.variables?.id === endpoint.id && update.variables.enabled !== undefined}
                  aria-label={t(endpoint.enabled ? 'disableNamed' : 'enableNamed', { url: endpoint.url })}
                  onClick={() => toggle(endpoint)}
                >
                  {endpoint.enabled ? t('disable') : t('enable')}
                </Button>
                <Button variant="link" aria-label={t('rollNamed', { url: endpoint.url })} onClick={() => setRolling(endpoint)}>
                  {t('roll')}
                </Button>
                <Link href={developersHref('deliveries', endpoint.id)} className="text-sm font-medium text-brand-600 hover:text-brand-700 hover:underline" aria-label={t('deliveriesNamed', { url: endpoint.url })}>
                  {t('deliveries')}
                </Link>
                <Button variant="link" className="text-red-600 hover:text-red-700" aria-label={t('deleteNamed', { url: endpoint.url })} onClick={() => setDeleting(endpoint)}>
                  {t('delete')}
                </Button>
              </div>
              {refusal && (
                <span id={whyId} className="text-xs whitespace-normal text-slate-500">
                  {t('pingWhy')}
                </span>
              )}
            </div>
          );
        },
      },
    ];
  }, [t, update, test]);

  const closeConfirm = () => {
    setDeleting(null);
    setRolling(null);
    setConfirmFailure(null);
  };

  return (
    <RecordsSection
      texts="developers.endpoints"
      columns={columns}
      query={endpoints}
      onCreate={() => setForm({ endpoint: null })}
      rowTone={(row) => (endpointState(row) === 'disabledBySystem' ? 'bg-red-50/40' : undefined)}
    >
      <EndpointFormDialog
        open={form !== null}
        endpoint={form?.endpoint ?? null}
        onClose={() => setForm(null)}
        onCreated={(created) => {
          setForm(null);
          setRevealed({ title: t('createdTitle'), label: t('secretLabel'), secret: created.secret, note: t('createdNote') });
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        message={deleting ? t('deleteMessage', { url: deleting.url }) : ''}
        confirmLabel={t('delete')}
        danger
        loading={remove.isPending}
        error={confirmFailure}
        onClose={closeConfirm}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              closeConfirm();
              notify({ kind: 'success', message: { key: 'developers.endpoints.deleted' } });
            },
            onError: (error) => setConfirmFailure(asApiError(error)?.message || t('actionFailed')),
          })
        }
      />
      <ConfirmDialog
        open={rolling !== null}
        title={t('rollTitle')}
        message={rolling ? t('rollMessage', { url: rolling.url }) : ''}
        confirmLabel={t('roll')}
        loading={roll.isPending}
        error={confirmFailure}
        onClose={closeConfirm}
        onConfirm={() =>
          rolling &&
          roll.mutate(rolling.id, {
            onSuccess: (rolled) => {
              closeConfirm();
              setRevealed({ title: t('rolledTitle'), label: t('secretLabel'), secret: rolled.secret, note: t('rolledNote', { time: formatDateTime(rolled.rolling_until) }) });
            },
            onError: (error) => setConfirmFailure(asApiError(error)?.message || t('actionFailed')),
          })
        }
      />
      <SecretDialog revealed={revealed} onClose={() => setRevealed(null)} />
    </RecordsSection>
  );
}
