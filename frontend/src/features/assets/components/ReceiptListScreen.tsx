'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import type { ColumnDef } from '@/components/data-table/types';
import { ListTable } from '@/components/data-table/ListTable';
import { FilterBar, FilterSelect } from '@/components/filters/FilterBar';
import { FilterPills } from '@/components/filters/FilterPills';
import { useListUrlState } from '@/components/filters/useListUrlState';
import { formatCurrency, formatDate, formatDateTime, orDash } from '@/components/format';
import { useGlobalState } from '@/components/GlobalStateProvider';
import { lazyDialog } from '@/components/lazyDialog';
import { PageHeader } from '@/components/PageHeader';
import { StatusBadge } from '@/components/StatusBadge';
import { Button } from '@/components/ui/Button';
import { NoMatches } from '@/components/data-table/TableStates';
import { EmptyState } from '@/components/ui/EmptyState';
import { Truncate } from '@/components/ui/Truncate';
import { useSubShopAccess } from '@/features/subshops/lib/useSubShopAccess';
import { hasAction } from '@/lib/access';
import { statusTabs } from '../lib/units';
import { parseReceiptListState, RECEIPT_STATUSES, receiptListQuery, receiptListSearch, receiptTone } from '../lib/stock';
import { useReceipts, useSuppliers } from '../queries';
import type { ReceiptRow } from '../types';

// The create form and the scan panel (and what only they use) load when first opened.
const CreateReceiptDialog = lazyDialog(() => import('./dialogs').then((module) => module.CreateReceiptDialog), (props) => props.open);
const ReceiveDialog = lazyDialog(() => import('./dialogs').then((module) => module.ReceiveDialog), (props) => props.receiptId !== null);

/**
 * /stockReceipts (采购入库): the shop's receipts from suppliers with status tabs and counts, a new
 * receipt (supplier, date, invoice, lines of SKU × quantity × unit cost), and receiving by scan.
 */
export function ReceiptListScreen() {
  const t = useTranslations('assets');
  const auth = useGlobalState((state) => state.auth);
  const { ownSubShop } = useSubShopAccess();
  // Receipts are the warehouse's: a sub-shop's account neither creates nor scans them.
  const canReceive = hasAction(auth, 'asset.receive') && ownSubShop === null;
  const { state, update, reset } = useListUrlState(parseReceiptListState, receiptListSearch);
  const list = useReceipts(receiptListQuery(state));
  const suppliers = useSuppliers();
  const [creating, setCreating] = useState(false);
  const tabs = statusTabs(RECEIPT_STATUSES, list.data?.status_counts).map((tab) => ({ ...tab, label: tab.value ? t(`receipts.status.${tab.value}`) : t('list.all') }));

  const columns = useMemo<ColumnDef<ReceiptRow, unknown>[]>(
    () => [
      {
        id: 'receipt',
        header: t('receipts.columns.receipt'),
        cell: ({ row }) => (
          <div className="min-w-32">
            <p className="font-mono text-sm font-medium">{row.original.receipt_no || t('receipts.number', { id: row.original.id })}</p>
            <p className="text-xs text-slate-500">{formatDate(row.original.receipt_date)}</p>
          </div>
        ),
      },
      { id: 'supplier', header: t('columns.supplier'), cell: ({ row }) => <span className="block max-w-48"><Truncate text={row.original.supplier_name} /></span> },
      { id: 'invoice', header: t('receipts.columns.invoice'), meta: { priority: 3 }, cell: ({ row }) => <span className="block max-w-40"><Truncate text={orDash(row.original.invoice_no)} /></span> },
      { id: 'status', header: t('columns.status'), meta: { priority: 1 }, cell: ({ row }) => <StatusBadge tone={receiptTone(row.original.status)}>{(RECEIPT_STATUSES as readonly string[]).includes(row.original.status) ? t(`receipts.status.${row.original.status as 'open'}`) : row.original.status_label}</StatusBadge> },
      {
        id: 'progress',
        header: t('receipts.columns.progress'),
        meta: { priority: 1 },
        cell: ({ row }) => (
          <span className="whitespace-nowrap tabular-nums" data-receipt-progress={`${row.original.scanned}/${row.original.expected}`}>
            {t('receipts.progress', { scanned: row.original.scanned, expected: row.original.expected })}
          </span>
        ),
      },
      { id: 'total_cost', header: t('receipts.columns.totalCost'), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatCurrency(row.original.total_cost)}</span> },
      { id: 'created_at', header: t('receipts.columns.createdAt'), meta: { priority: 3 }, cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.created_at)}</span> },
      {
        id: 'actions',
        header: t('columns.actions'),
        cell: ({ row }) => {
          const done = row.original.status === 'received';
          const name = row.original.receipt_no || t('receipts.number', { id: row.original.id });
          return (
            <Button variant="link" className="whitespace-nowrap" aria-label={t(done || !canReceive ? 'receipts.viewOf' : 'receipts.receiveOf', { name })} onClick={() => update({ receipt: row.original.id })}>
              {done || !canReceive ? t('receipts.view') : t('receipts.receive')}
            </Button>
          );
        },
      },
    ],
    [t, update, canReceive],
  );

  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        title={t('receipts.title')}
        description={t('receipts.description')}
        actions={
          canReceive && (
            <Button onClick={() => setCreating(true)} aria-haspopup="dialog">
              {t('receipts.create')}
            </Button>
          )
        }
      />
      <FilterPills label={t('receipts.statusTabs')} value={state.status} options={tabs} onChange={(status) => update({ status })} />
      <FilterBar>
        <FilterSelect
          label={t('list.supplier')}
          value={state.supplier_id ? String(state.supplier_id) : ''}
          options={[{ value: '', label: t('list.allSuppliers') }, ...(suppliers.data?.list ?? []).map((supplier) => ({ value: String(supplier.id), label: supplier.name, userText: true }))]}
          onChange={(value) => update({ supplier_id: value ? Number(value) : undefined })}
        />
      </FilterBar>
      <ListTable
        texts="assets.receipts"
        columns={columns}
        query={list}
        paging={{ state, update }}
        empty={
          state.status || state.supplier_id ? (
            <NoMatches title={t('list.noMatchTitle')} onClear={reset} />
          ) : (
            <EmptyState title={t('receipts.emptyTitle')} description={canReceive ? t('receipts.emptyHint') : undefined} />
          )
        }
      />
      <CreateReceiptDialog open={creating} onClose={() => setCreating(false)} onCreated={(id) => update({ receipt: id })} />
      <ReceiveDialog receiptId={state.receipt ?? null} canScan={canReceive} onClose={() => update({ receipt: undefined })} />
    </div>
  );
}
