'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import type { ColumnDef } from '@/components/data-table/types';
import { ListTable } from '@/components/data-table/ListTable';
import { NoMatches } from '@/components/data-table/TableStates';
import { FilterBar, FilterSelect } from '@/components/filters/FilterBar';
import { FilterPills } from '@/components/filters/FilterPills';
import { formatDateTime, orDash } from '@/components/format';
import { lazyDialog } from '@/components/lazyDialog';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { notify } from '@/components/ui/Notice';
import { Truncate } from '@/components/ui/Truncate';
import { asApiError } from '@/lib/apiError';
import { DELIVERY_STATUSES, deliveryListQuery, endpointLabel, redeliverRefusal, type DevelopersState } from '../lib/developers';
import { useDeliveries, useRedeliver, useWebhookEndpoints } from '../queries';
import type { Delivery } from '../types';
import { DeliveryStatusBadge, EventTypeName } from './labels';

// The attempts' panel and the bulk redelivery (its date-time field) load when first opened.
const DeliveryDetailDialog = lazyDialog(() => import('./dialogs').then((module) => module.DeliveryDetailDialog), (props) => props.delivery !== null);
const RedeliverSinceDialog = lazyDialog(() => import('./dialogs').then((module) => module.RedeliverSinceDialog), (props) => props.open);

/**
 * The deliveries, newest first: by endpoint and status (in the URL), each with its attempts in
 * a panel, sent again one by one, or every failed one of an endpoint since a time at once.
 */
export function DeliveriesView({ state, update }: { state: DevelopersState; update: (patch: Partial<DevelopersState>) => void }) {
  const t = useTranslations('developers.deliveries');
  const endpoints = useWebhookEndpoints();
  const list = useDeliveries(deliveryListQuery(state));
  const redeliver = useRedeliver();
  const [bulk, setBulk] = useState(false);
  const byId = useMemo(() => new Map((endpoints.data ?? []).map((endpoint) => [endpoint.id, endpoint])), [endpoints.data]);
  const open = list.data?.list.find((row) => row.id === state.delivery) ?? null;

  const columns = useMemo<ColumnDef<Delivery, unknown>[]>(() => {
    const again = (delivery: Delivery) =>
      redeliver.mutate(
        { delivery_id: delivery.id },
        {
          onSuccess: () => notify({ kind: 'success', message: { key: 'developers.deliveries.redelivered' } }),
          onError: (error) => notify({ kind: 'error', message: asApiError(error)?.message ? { raw: asApiError(error)!.message } : { key: 'developers.deliveries.redeliverFailed' } }),
        },
      );
    return [
      {
        id: 'event',
        header: t('columns.event'),
        meta: { rowHeader: true },
        cell: ({ row }) => (
          <div className="flex min-w-36 flex-col gap-0.5 font-normal">
            <EventTypeName type={row.original.event_type} />
            <Truncate text={row.original.event_id} userText={false} className="max-w-44 font-mono text-xs text-slate-500" />
          </div>
        ),
      },
      {
        id: 'time',
        header: t('columns.time'),
        meta: { priority: 1 },
        cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(row.original.created_at)}</span>,
      },
      {
        id: 'endpoint',
        header: t('columns.endpoint'),
        meta: { priority: 3 },
        cell: ({ row }) => {
          const endpoint = byId.get(row.original.endpoint_id);
          return (
            <div className="flex max-w-56 flex-col gap-0.5">
              {endpoint?.description && <Truncate text={endpoint.description} className="text-sm" />}
              <Truncate text={endpoint?.url ?? `#${row.original.endpoint_id}`} className="font-mono text-xs" />
            </div>
          );
        },
      },
      { id: 'status', header: t('columns.status'), meta: { priority: 1 }, cell: ({ row }) => <DeliveryStatusBadge status={row.original.status} /> },
      {
        id: 'attempts',
        header: t('columns.attempts'),
        meta: { priority: 2 },
        cell: ({ row }) => (
          <span className="whitespace-nowrap tabular-nums">
            {t('attemptsValue', { count: row.original.attempts })}
            {row.original.last_status_code !== null && <span className="ml-1 text-slate-500">· {row.original.last_status_code}</span>}
          </span>
        ),
      },
      {
        id: 'next_attempt_at',
        header: t('columns.nextAttempt'),
        meta: { priority: 2 },
        cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{row.original.status === 'pending' ? formatDateTime(row.original.next_attempt_at) : orDash(null)}</span>,
      },
      {
        id: 'actions',
        header: t('columns.actions'),
        cell: ({ row }) => {
          const delivery = row.original;
          const refusal = redeliverRefusal(delivery);
          const whyId = `delivery-${delivery.id}-why`;
          return (
            <div className="flex max-w-48 flex-col gap-1">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 whitespace-nowrap">
                <Button variant="link" aria-haspopup="dialog" aria-label={t('viewNamed', { id: delivery.event_id })} onClick={() => update({ delivery: delivery.id })}>
                  {t('view')}
                </Button>
                <Button
                  variant="link"
                  disabled={Boolean(refusal)}
                  title={refusal ? t('redeliverWhy') : undefined}
                  aria-describedby={refusal ? whyId : undefined}
                  loading={redeliver.isPending && redeliver.variables?.delivery_id === delivery.id}
                  className="disabled:text-slate-400 disabled:no-underline"
                  aria-label={t('redeliverNamed', { id: delivery.event_id })}
                  onClick={() => again(delivery)}
                >
                  {t('redeliver')}
                </Button>
              </div>
              {refusal && (
                <span id={whyId} className="text-xs whitespace-normal text-slate-500">
                  {t('redeliverWhy')}
                </span>
              )}
            </div>
          );
        },
      },
    ];
  }, [t, byId, redeliver, update]);

  const statusTabs = [{ value: undefined, label: t('allStatuses') }, ...DELIVERY_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))];
  const filtered = Boolean(state.status || state.endpoint_id);
  const noEndpoints = endpoints.isSuccess && endpoints.data.length === 0;

  return (
    <section aria-label={t('label')} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <FilterPills label={t('statusTabs')} value={state.status} options={statusTabs} onChange={(status) => update({ status, delivery: undefined })} />
        <div className="flex flex-wrap items-center gap-2">
          {noEndpoints && (
            <span id="redeliver-bulk-why" className="text-xs text-slate-500">
              {t('bulkWhy')}
            </span>
          )}
          <Button variant="secondary" aria-haspopup="dialog" onClick={() => setBulk(true)} disabled={noEndpoints} title={noEndpoints ? t('bulkWhy') : undefined} aria-describedby={noEndpoints ? 'redeliver-bulk-why' : undefined}>
            {t('bulk')}
          </Button>
        </div>
      </div>
      <FilterBar>
        <FilterSelect
          label={t('endpoint')}
          value={state.endpoint_id ? String(state.endpoint_id) : ''}
          options={[{ value: '', label: t('allEndpoints') }, ...(endpoints.data ?? []).map((endpoint) => ({ value: String(endpoint.id), label: endpointLabel(endpoint), userText: true }))]}
          onChange={(value) => update({ endpoint_id: value ? Number(value) : undefined, delivery: undefined })}
        />
      </FilterBar>
      <ListTable
        texts="developers.deliveries"
        columns={columns}
        query={list}
        paging={{ state, update: (patch) => update({ ...patch, delivery: undefined }) }}
        empty={filtered ? <NoMatches title={t('noMatchTitle')} onClear={() => update({ status: undefined, endpoint_id: undefined, delivery: undefined })} /> : <EmptyState title={t('emptyTitle')} description={t('emptyHint')} />}
      />
      <DeliveryDetailDialog delivery={open} endpointUrl={open ? byId.get(open.endpoint_id)?.url : undefined} onClose={() => update({ delivery: undefined })} />
      <RedeliverSinceDialog open={bulk} endpoints={endpoints.data ?? []} endpointId={state.endpoint_id} onClose={() => setBulk(false)} />
    </section>
  );
}
