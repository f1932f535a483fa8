'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import type { ColumnDef } from '@/components/data-table/types';
import { ListTable } from '@/components/data-table/ListTable';
import { FilterPills } from '@/components/filters/FilterPills';
import { useListUrlState } from '@/components/filters/useListUrlState';
import { formatDateTime } from '@/components/format';
import { useGlobalState } from '@/components/GlobalStateProvider';
import { lazyDialog } from '@/components/lazyDialog';
import { PageHeader } from '@/components/PageHeader';
import { StatusBadge } from '@/components/StatusBadge';
import { Button } from '@/components/ui/Button';
import { NoMatches } from '@/components/data-table/TableStates';
import { EmptyState } from '@/components/ui/EmptyState';
import { UserText } from '@/components/ui/UserText';
import { useSubShopAccess } from '@/features/subshops/lib/useSubShopAccess';
import { hasAction } from '@/lib/access';
import { statusTabs } from '../lib/units';
import { mayReceive, parseTransferListState, TRANSFER_STATUSES, transferListQuery, transferListSearch, transferTone } from '../lib/stock';
import { useTransfers } from '../queries';
import type { TransferRow } from '../types';

const SendTransferDialog = lazyDialog(() => import('./dialogs').then((module) => module.SendTransferDialog), (props) => props.open);
const TransferDetailDialog = lazyDialog(() => import('./dialogs').then((module) => module.TransferDetailDialog), (props) => props.transferId !== null);

function PlaceName({ id, name }: { id: number | null; name: string }) {
  const t = useTranslations('assets.place');
  return id === null ? <>{t('warehouse')}</> : <UserText>{name}</UserText>;
}

/** /stockTransfers (设备调拨): units sent between the warehouse and sub-shops, in transit until received. */
export function TransferListScreen() {
  const t = useTranslations('assets');
  const auth = useGlobalState((state) => state.auth);
  const { ownSubShop } = useSubShopAccess();
  const canTransfer = hasAction(auth, 'asset.transfer');
  const { state, update, reset } = useListUrlState(parseTransferListState, transferListSearch);
  const list = useTransfers(transferListQuery(state));
  const [sending, setSending] = useState(false);
  const tabs = statusTabs(TRANSFER_STATUSES, list.data?.status_counts).map((tab) => ({ ...tab, label: tab.value ? t(`transfers.status.${tab.value}`) : t('list.all') }));
  const ownId = ownSubShop?.id ?? null;
  const own = useMemo(() => (ownId === null ? null : { id: ownId }), [ownId]);

  const columns = useMemo<ColumnDef<TransferRow, unknown>[]>(
    () => [
      {
        id: 'route',
        header: t('transfers.columns.route'),
        cell: ({ row }) => (
          <div className="min-w-40">
            <p className="font-mono text-xs text-slate-500">{t('transfers.number', { id: row.original.id })}</p>
            <p className="text-sm">
              <PlaceName id={row.original.from_sub_shop_id} name={row.original.from_name} /> <span aria-hidden="true">→</span>
              <span className="sr-only">{t('transfers.to')}</span> <PlaceName id={row.original.to_sub_shop_id} name={row.original.to_name} />
            </p>
          </div>
        ),
      },
      { id: 'units', header: t('transfers.columns.units'), meta: { priority: 1 }, cell: ({ row }) => <span className="tabular-nums">{row.original.unit_count}</span> },
      {
        id: 'status',
        header: t('columns.status'),
        meta: { priority: 1 },
        cell: ({ row }) => <StatusBadge tone={transferTone(row.original.status)}>{(TRANSFER_STATUSES as readonly string[]).includes(row.original.status) ? t(`transfers.status.${row.original.status as 'in_transit'}`) : row.original.status_label}</StatusBadge>,
      },
      {
        id: 'sent',
        header: t('transfers.columns.sent'),
        cell: ({ row }) => (
          <div className="whitespace-nowrap">
            <p>{formatDateTime(row.original.sent_at)}</p>
            {row.original.sent_by && <p className="text-xs text-slate-500"><UserText>{row.original.sent_by}</UserText></p>}
          </div>
        ),
      },
      {
        id: 'received',
        header: t('transfers.columns.received'),
        meta: { priority: 3 },
        cell: ({ row }) => (
          <div className="whitespace-nowrap">
            <p>{formatDateTime(row.original.received_at)}</p>
            {row.original.received_by && <p className="text-xs text-slate-500"><UserText>{row.original.received_by}</UserText></p>}
          </div>
        ),
      },
      {
        id: 'actions',
        header: t('columns.actions'),
        cell: ({ row }) => (
          <Button variant="link" className="whitespace-nowrap" aria-label={t(mayReceive(row.original, own, canTransfer) ? 'transfers.receiveOf' : 'transfers.viewOf', { id: row.original.id })} onClick={() => update({ transfer: row.original.id })}>
            {mayReceive(row.original, own, canTransfer) ? t('transfers.receive') : t('transfers.view')}
          </Button>
        ),
      },
    ],
    [t, update, own, canTransfer],
  );

  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        title={t('transfers.title')}
        description={ownSubShop ? t('transfers.descriptionSubShop') : t('transfers.description')}
        actions={
          canTransfer && (
            <Button onClick={() => setSending(true)} aria-haspopup="dialog">
              {t('transfers.send')}
            </Button>
          )
        }
      />
      <FilterPills label={t('transfers.statusTabs')} value={state.status} options={tabs} onChange={(status) => update({ status })} />
      <ListTable
        texts="assets.transfers"
        columns={columns}
        query={list}
        paging={{ state, update }}
        empty={
          state.status ? (
            <NoMatches title={t('list.noMatchTitle')} onClear={reset} />
          ) : (
            <EmptyState title={t('transfers.emptyTitle')} description={canTransfer ? t('transfers.emptyHint') : undefined} />
          )
        }
      />
      <SendTransferDialog open={sending} ownSubShop={own} onClose={() => setSending(false)} onSent={(id) => update({ transfer: id })} />
      <TransferDetailDialog transferId={state.transfer ?? null} ownSubShop={own} canTransfer={canTransfer} onClose={() => update({ transfer: undefined })} />
    </div>
  );
}
