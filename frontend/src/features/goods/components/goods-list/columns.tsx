'use client';

import type { ColumnDef } from '@/components/data-table/types';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { formatCurrency } from '@/lib/currency';
import type { GoodsRow } from '../../types';
import { formatDateTime } from '@/components/format';
import { StatusBadge } from '@/components/StatusBadge';
import { goodsStatusTone } from '../../lib/status';
import { Thumb } from '@/components/ui/Thumb';
import { Truncate } from '@/components/ui/Truncate';
import { UserText } from '@/components/ui/UserText';
import { GoodsNote } from '../GoodsNote';
import { StorefrontBadge } from '../StorefrontBadge';
import { useTrackedStockText } from '../stock/TrackedStock';

export interface GoodsRowActions {
  onShelf: (row: GoodsRow, status: 'on_shelf' | 'off_shelf') => void;
  onDelete: (row: GoodsRow) => void;
  onSort: (row: GoodsRow, sort: number) => void;
  /** Opens the stock dialog; absent without goods.edit. */
  onStock?: (row: GoodsRow) => void;
  busyId: number | null;
}

export function canPutOnShelf(row: GoodsRow): boolean {
  return !row.force_down && (row.status === 'draft' || row.status === 'off_shelf');
}

export function canTakeOff(row: GoodsRow): boolean {
  return row.status === 'on_shelf' || row.status === 'in_review';
}

export function canDelete(row: GoodsRow): boolean {
  return row.status === 'draft' || row.status === 'off_shelf';
}

function SortInput({ row, onSort }: { row: GoodsRow; onSort: (row: GoodsRow, sort: number) => void }) {
  const t = useTranslations('goods.list');
  const [value, setValue] = useState(String(row.sort));
  const commit = () => {
    const next = Number(value);
    if (!/^\d+$/.test(value) || next > 999_999) {
      setValue(String(row.sort));
      return;
    }
    if (next !== row.sort) onSort(row, next);
  };
  return (
    <input
      type="text"
      inputMode="numeric"
      aria-label={t('sortOf', { title: row.title })}
      value={value}
      onChange={(event) => setValue(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur();
      }}
      className="w-16 rounded border border-slate-300 px-2 py-1 text-sm tabular-nums focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
    />
  );
}

/**
 * The goods' stock: its total, and for SKUs tracked by unit the units in stock and the orders
 * holding some of them, so that a figure below the units on the shelf says why.
 */
export function GoodsStock({ row }: { row: GoodsRow }) {
  const t = useTranslations('goods.stock.tracked');
  const trackedText = useTrackedStockText();
  const tracked = row.tracked_stock;
  if (!tracked) return <span className="tabular-nums">{row.total_stock}</span>;
  const parts = { available: tracked.available, inStock: tracked.in_stock, reserved: tracked.reserved };
  if (tracked.sku_count === row.sku_count) return <span className="tabular-nums">{trackedText(parts)}</span>;
  return (
    <>
      <span className="tabular-nums">{row.total_stock}</span>
      <span className="block text-xs text-slate-500 tabular-nums">{t('mixed', { count: tracked.sku_count, ...parts })}</span>
    </>
  );
}

/** Columns of the store's goods table. */
export function useGoodsColumns(actions: GoodsRowActions): ColumnDef<GoodsRow, unknown>[] {
  const t = useTranslations('goods');
  return useMemo<ColumnDef<GoodsRow, unknown>[]>(
    () => [
      {
        id: 'select',
        header: ({ table }) => (
          <input
            type="checkbox"
            aria-label={t('list.selectAll')}
            className="size-4 accent-brand-600"
            checked={table.getIsAllRowsSelected()}
            ref={(input) => {
              if (input) input.indeterminate = table.getIsSomeRowsSelected();
            }}
            onChange={table.getToggleAllRowsSelectedHandler()}
          />
        ),
        cell: ({ row }) => (
          <input
            type="checkbox"
            aria-label={t('list.select', { title: row.original.title })}
            className="size-4 accent-brand-600"
            checked={row.getIsSelected()}
            onChange={row.getToggleSelectedHandler()}
          />
        ),
      },
      {
        id: 'goods',
        header: t('list.columns.goods'),
        cell: ({ row: { original: row } }) => (
          <div className="flex min-w-64 gap-3">
            <Thumb src={row.picture} alt={row.title} size={48} />
            <div className="min-w-0">
              <Link href={`/product?id=${row.id}`} className="block font-medium text-slate-900 hover:text-brand-700 hover:underline">
                <Truncate text={row.title} lines={2} />
              </Link>
              <p className="mt-0.5 text-xs text-slate-500">
                {row.brand && <><UserText>{row.brand}</UserText> · </>}
                {[t(`fineness.${row.fineness}` as 'fineness.new'), t('list.skuCount', { count: row.sku_count })].join(' · ')}
              </p>
              {row.force_down && (
                <GoodsNote tone="red" label={t('forceDown.reasonLabel')} text={row.force_down_reason} />
              )}
              {row.review_note && (
                <GoodsNote tone="amber" label={t('review.noteLabel')} text={row.review_note} />
              )}
            </div>
          </div>
        ),
      },
      { id: 'category', header: t('list.columns.category'), cell: ({ row }) => (row.original.category_name ? <UserText>{row.original.category_name}</UserText> : '—') },
      {
        id: 'minRent',
        header: t('list.columns.minRent'),
        cell: ({ row }) => (
          <span className="whitespace-nowrap tabular-nums">{row.original.min_rent === null ? '—' : t('list.rentFrom', { amount: formatCurrency(row.original.min_rent) })}</span>
        ),
      },
      { id: 'stock', header: t('list.columns.stock'), cell: ({ row }) => <GoodsStock row={row.original} /> },
      {
        id: 'status',
        header: t('list.columns.status'),
        cell: ({ row: { original: row } }) => (
          <div className="flex flex-col items-start gap-1">
            <StatusBadge tone={goodsStatusTone(row.status, row.force_down)}>{row.force_down ? t('status.force_down') : t(`status.${row.status}` as 'status.draft')}</StatusBadge>
            <StorefrontBadge goods={row} />
          </div>
        ),
      },
      { id: 'sort', header: t('list.columns.sort'), cell: ({ row }) => <SortInput key={row.original.sort} row={row.original} onSort={actions.onSort} /> },
      { id: 'updated', header: t('list.columns.updated'), cell: ({ row }) => <span className="whitespace-nowrap text-xs text-slate-500">{formatDateTime(row.original.updated_at)}</span> },
      {
        id: 'actions',
        header: t('list.columns.actions'),
        cell: ({ row: { original: row } }) => {
          const busy = actions.busyId === row.id;
          return (
            <div className="flex items-center gap-3 whitespace-nowrap">
              <Link href={`/product?id=${row.id}`} className="text-sm font-medium text-brand-600 hover:underline" aria-label={t('list.editOf', { title: row.title })}>
                {t('list.edit')}
              </Link>
              {actions.onStock && (
                <Button variant="link" onClick={() => actions.onStock?.(row)} aria-label={t('stock.actionOf', { title: row.title })}>
                  {t('stock.action')}
                </Button>
              )}
              {canTakeOff(row) && (
                <Button variant="link" disabled={busy} onClick={() => actions.onShelf(row, 'off_shelf')} aria-label={t('list.offShelfOf', { title: row.title })}>
                  {t('list.offShelf')}
                </Button>
              )}
              {canPutOnShelf(row) && (
                <Button variant="link" disabled={busy} onClick={() => actions.onShelf(row, 'on_shelf')} aria-label={t('list.onShelfOf', { title: row.title })}>
                  {t('list.onShelf')}
                </Button>
              )}
              {canDelete(row) && (
                <Button variant="link" className="text-red-600 hover:text-red-700" disabled={busy} onClick={() => actions.onDelete(row)} aria-label={t('list.deleteOf', { title: row.title })}>
                  {t('list.delete')}
                </Button>
              )}
            </div>
          );
        },
      },
    ],
    [t, actions],
  );
}
