'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import type { ColumnDef } from '@/components/data-table/types';
import { ListTable } from '@/components/data-table/ListTable';
import { NoMatches } from '@/components/data-table/TableStates';
import { ExportButton } from '@/components/ExportButton';
import { FilterBar, FilterSelect, SearchBox } from '@/components/filters/FilterBar';
import { FilterPills } from '@/components/filters/FilterPills';
import { useListUrlState } from '@/components/filters/useListUrlState';
import { formatDateTime } from '@/components/format';
import { useGlobalState } from '@/components/GlobalStateProvider';
import { PageHeader } from '@/components/PageHeader';
import { StatusBadge } from '@/components/StatusBadge';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { hasAction } from '@/lib/access';
import { ATTENTIONS, parseShipmentListState, shipmentListQuery, shipmentListSearch } from '../lib/shipmentListState';
import { known, labelPrintable, SHIPMENT_DIRECTIONS, SHIPMENT_STATUSES, shipmentTone } from '../lib/shipments';
import { usePrintLabels, useShipmentList, type WaybillShipment } from '../queries';

/** /shipments (发货单): every parcel of the shop's orders, filters in the URL, a batch print of the page's labels, export. */
export function ShipmentListScreen() {
  const t = useTranslations('logistics');
  const auth = useGlobalState((state) => state.auth);
  const canShip = hasAction(auth, 'order.ship');
  const { state, update, reset } = useListUrlState(parseShipmentListState, shipmentListSearch);
  const query = shipmentListQuery(state);
  const list = useShipmentList(query);
  const print = usePrintLabels();
  const printable = (list.data?.list ?? []).filter((row) => labelPrintable(row.status)).map((row) => row.id);
  const tabs = [{ value: '' as const, label: t('list.all') }, ...SHIPMENT_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))];

  const columns = useMemo<ColumnDef<WaybillShipment, unknown>[]>(
    () => [
      {
        id: 'order',
        header: t('list.columns.order'),
        cell: ({ row }) => (
          <Link href={`/orderInfo/${row.original.order_id}`} className="font-mono text-sm text-brand-600 hover:text-brand-700">
            {row.original.order_no}
          </Link>
        ),
      },
      { id: 'waybill', header: t('list.columns.waybill'), cell: ({ row }) => <span className="font-mono text-sm">{row.original.tracking_no || '—'}</span> },
      {
        id: 'status',
        header: t('list.columns.status'),
        meta: { priority: 1 },
        cell: ({ row }) => <StatusBadge tone={shipmentTone(row.original.status)}>{known(SHIPMENT_STATUSES, row.original.status) ? t(`status.${row.original.status}`) : row.original.status}</StatusBadge>,
      },
      {
        id: 'direction',
        header: t('list.columns.direction'),
        meta: { priority: 2 },
        cell: ({ row }) => (known(SHIPMENT_DIRECTIONS, row.original.direction) ? t(`direction.${row.original.direction}`) : row.original.direction),
      },
      { id: 'serial', header: t('list.columns.serial'), meta: { priority: 3 }, cell: ({ row }) => <span className="font-mono text-xs">{row.original.device_serial}</span> },
      { id: 'created', header: t('list.columns.created'), meta: { priority: 3 }, cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.created_at)}</span> },
    ],
    [t],
  );

  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          <div className="flex flex-wrap gap-2">
            {canShip && printable.length > 0 && (
              <Button variant="secondary" disabled={print.isPending} onClick={() => print.mutate(printable, { onSuccess: (labels) => window.open(labels.url, '_blank', 'noopener') })}>
                {t('list.printPage')}
              </Button>
            )}
            <ExportButton kind="shipments" filters={{ attention: state.attention, status: state.status, direction: state.direction, keyword: state.keyword }} />
          </div>
        }
      />
      <FilterPills label={t('list.attentionTabs')} value={state.attention ?? ''} options={[{ value: '' as const, label: t('list.all') }, ...ATTENTIONS.map((value) => ({ value, label: t(`list.attention.${value}`) }))]} onChange={(attention) => update({ attention: attention || undefined })} />
      {state.attention && <p className="text-sm text-slate-600">{t(`list.nextStep.${state.attention}`)}</p>}
      <FilterPills label={t('list.statusTabs')} value={state.status ?? ''} options={tabs} onChange={(status) => update({ status: status || undefined })} />
      <FilterBar>
        <SearchBox label={t('list.keyword')} placeholder={t('list.keyword')} initial={state.keyword} onSearch={(keyword) => update({ keyword })} />
        <FilterSelect
          label={t('list.columns.direction')}
          value={state.direction ?? ''}
          options={[{ value: '', label: t('list.all') }, ...SHIPMENT_DIRECTIONS.map((value) => ({ value, label: t(`direction.${value}`) }))]}
          onChange={(direction) => update({ direction: (direction || undefined) as typeof state.direction })}
        />
      </FilterBar>
      {print.error && <p className="text-sm text-red-600">{print.error.message}</p>}
      <ListTable
        texts="logistics.list"
        columns={columns}
        query={list}
        paging={{ state, update }}
        empty={state.attention || state.status || state.direction || state.keyword ? <NoMatches title={t('list.noMatchTitle')} onClear={reset} /> : <EmptyState title={t('list.emptyTitle')} />}
      />
    </div>
  );
}
