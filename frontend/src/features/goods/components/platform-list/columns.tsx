'use client';

import type { ColumnDef } from '@/components/data-table/types';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { Button } from '@/components/ui/Button';
import { formatCurrency } from '@/lib/currency';
import type { PlatformGoodsRow } from '../../types';
import { Switch } from '@/components/ui/fields';
import { formatDateTime } from '@/components/format';
import { StatusBadge } from '@/components/StatusBadge';
import { goodsStatusTone } from '../../lib/status';
import { Thumb } from '@/components/ui/Thumb';
import { Truncate } from '@/components/ui/Truncate';
import { UserText } from '@/components/ui/UserText';
import { GoodsNote } from '../GoodsNote';

export interface PlatformRowActions {
  canGovern: boolean;
  onForceDown: (row: PlatformGoodsRow) => void;
  onReview: (row: PlatformGoodsRow) => void;
  onDisplay: (row: PlatformGoodsRow, display: boolean) => void;
  busyId: number | null;
}

export function canReview(row: PlatformGoodsRow): boolean {
  return row.status === 'in_review' && !row.force_down;
}

export function canForceDown(row: PlatformGoodsRow): boolean {
  return row.status === 'on_shelf' || row.status === 'in_review';
}

/** Columns of the platform's table of every merchant's goods. */
export function usePlatformGoodsColumns(actions: PlatformRowActions): ColumnDef<PlatformGoodsRow, unknown>[] {
  const t = useTranslations('goods');
  return useMemo<ColumnDef<PlatformGoodsRow, unknown>[]>(
    () => [
      {
        id: 'goods',
        header: t('list.columns.goods'),
        cell: ({ row: { original: row } }) => (
          <div className="flex min-w-64 gap-3">
            <Thumb src={row.picture} alt={row.title} size={48} />
            <div className="min-w-0">
              <Truncate as="p" text={row.title} lines={2} className="font-medium text-slate-900" />
              <p className="mt-0.5 text-xs text-slate-500">{t('platform.goodsId', { id: row.goods_id })}</p>
              {row.force_down && (
                <GoodsNote tone="red" label={t('forceDown.reasonLabel')} text={row.force_down_reason} />
              )}
            </div>
          </div>
        ),
      },
      { id: 'merchant', header: t('platform.columns.merchant'), cell: ({ row }) => <Truncate text={row.original.merchant_name} className="max-w-48" /> },
      { id: 'category', header: t('list.columns.category'), cell: ({ row }) => (row.original.category_name ? <UserText>{row.original.category_name}</UserText> : '—') },
      {
        id: 'minRent',
        header: t('list.columns.minRent'),
        cell: ({ row }) => (
          <span className="whitespace-nowrap tabular-nums">{row.original.min_rent === null ? '—' : t('list.rentFrom', { amount: formatCurrency(row.original.min_rent) })}</span>
        ),
      },
      {
        id: 'status',
        header: t('list.columns.status'),
        cell: ({ row: { original: row } }) => (
          <StatusBadge tone={goodsStatusTone(row.status, row.force_down)}>{row.force_down ? t('status.force_down') : t(`status.${row.status}` as 'status.draft')}</StatusBadge>
        ),
      },
      {
        id: 'display',
        header: t('platform.columns.display'),
        cell: ({ row: { original: row } }) =>
          row.status === 'on_shelf' ? (
            <div className="flex items-center gap-2">
              <Switch
                checked={row.display_status}
                disabled={!actions.canGovern || actions.busyId === row.id}
                onChange={(next) => actions.onDisplay(row, next)}
                label={t('platform.displayOf', { title: row.title })}
              />
              <span className="text-xs text-slate-500">{row.display_status ? t('platform.displayed') : t('platform.hidden')}</span>
            </div>
          ) : (
            <span className="text-xs text-slate-400">—</span>
          ),
      },
      { id: 'updated', header: t('list.columns.updated'), cell: ({ row }) => <span className="whitespace-nowrap text-xs text-slate-500">{formatDateTime(row.original.updated_at)}</span> },
      {
        id: 'actions',
        header: t('list.columns.actions'),
        cell: ({ row: { original: row } }) =>
          actions.canGovern && (canReview(row) || canForceDown(row)) ? (
            <div className="flex items-center gap-3 whitespace-nowrap">
              {canReview(row) && (
                <Button variant="link" onClick={() => actions.onReview(row)} aria-label={t('review.actionOf', { title: row.title })}>
                  {t('review.action')}
                </Button>
              )}
              {canForceDown(row) && (
                <Button variant="link" className="text-red-600 hover:text-red-700" onClick={() => actions.onForceDown(row)} aria-label={t('platform.forceDownOf', { title: row.title })}>
                  {t('platform.forceDown')}
                </Button>
              )}
            </div>
          ) : (
            <span className="text-xs text-slate-400">—</span>
          ),
      },
    ],
    [t, actions],
  );
}
