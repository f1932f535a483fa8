'use client';

import { USER_TEXT } from '@/components/ui/UserText';
import type { ColumnDef } from '@/components/data-table/types';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { Button } from '@/components/ui/Button';
import { StatusBadge } from '@/components/StatusBadge';
import { Truncate } from '@/components/ui/Truncate';
import { formatCurrency, formatDateTime } from '@/components/format';
import { attribution } from '../lib/shareLinkState';
import type { ShareLinkRow } from '../queries';

export interface ShareLinkRowActions {
  onShare: (row: ShareLinkRow) => void;
  onCopy: (row: ShareLinkRow) => void;
  onOrders: (row: ShareLinkRow) => void;
  onEdit: (row: ShareLinkRow) => void;
  onDelete: (row: ShareLinkRow) => void;
}

export function useShareLinkColumns(actions: ShareLinkRowActions): ColumnDef<ShareLinkRow, unknown>[] {
  const t = useTranslations('promotion');
  return useMemo(
    () => [
      {
        id: 'name',
        header: t('fields.name'),
        cell: ({ row }) => (
          <div className="max-w-40 sm:max-w-56">
            <p className="font-medium text-slate-900">
              <Truncate text={row.original.name} />
            </p>
            <p className="font-mono text-xs text-slate-500" translate="no">
              {row.original.code}
            </p>
            {row.original.is_deleted && (
              <StatusBadge tone="slate">{t('deletedAt', { time: formatDateTime(row.original.deleted_at) })}</StatusBadge>
            )}
          </div>
        ),
      },
      { id: 'channel', header: t('fields.channel'), cell: ({ row }) => <span className="whitespace-nowrap">{row.original.channel_name}</span> },
      { id: 'attribution', header: t('fields.attribution'), cell: ({ row }) => (
          // The sub-shop's and the salesman's names are user data; "whole shop" is the screen's.
          <span className="whitespace-nowrap" {...(row.original.sub_shop_name || row.original.salesman_name ? USER_TEXT : {})}>
            {attribution(row.original, t('shopWide'))}
          </span>
        ),
      },
      {
        id: 'landing',
        header: t('fields.landing'),
        cell: ({ row }) => (
          <div className="max-w-48 min-w-24">
            <p className="whitespace-nowrap">{row.original.landing_type_name}</p>
            {row.original.landing_name && (
              <p className="text-xs text-slate-500">
                <Truncate text={row.original.landing_name} />
              </p>
            )}
          </div>
        ),
      },
      { id: 'visits', header: t('fields.visits'), cell: ({ row }) => <span className="tabular-nums" data-figure="visits">{row.original.visits}</span> },
      { id: 'orders', header: t('fields.orders'), cell: ({ row }) => <span className="tabular-nums" data-figure="orders">{row.original.orders}</span> },
      { id: 'deals', header: t('fields.deals'), cell: ({ row }) => <span className="tabular-nums" data-figure="deals">{row.original.deals}</span> },
      {
        id: 'deal_value',
        header: t('fields.dealValue'),
        cell: ({ row }) => <span className="whitespace-nowrap tabular-nums" data-figure="deal_value">{formatCurrency(row.original.deal_value)}</span>,
      },
      { id: 'created_at', header: t('fields.createdAt'), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(row.original.created_at)}</span> },
      {
        id: 'actions',
        header: t('fields.actions'),
        cell: ({ row }) => {
          const link = row.original;
          return (
            <div className="grid min-w-max grid-cols-3 justify-items-start gap-x-2 gap-y-1 whitespace-nowrap">
              <Button variant="link" onClick={() => actions.onShare(link)} aria-label={t('actions.shareNamed', { name: link.name })}>
                {t('actions.share')}
              </Button>
              <Button variant="link" onClick={() => actions.onCopy(link)} aria-label={t('actions.copyNamed', { name: link.name })}>
                {t('actions.copy')}
              </Button>
              <Button variant="link" onClick={() => actions.onOrders(link)} aria-label={t('actions.ordersNamed', { name: link.name })}>
                {t('actions.orders')}
              </Button>
              {!link.is_deleted && (
                <>
                  <Button variant="link" onClick={() => actions.onEdit(link)} aria-label={t('actions.editNamed', { name: link.name })}>
                    {t('actions.edit')}
                  </Button>
                  <Button variant="link" className="text-red-600 hover:text-red-700" onClick={() => actions.onDelete(link)} aria-label={t('actions.deleteNamed', { name: link.name })}>
                    {t('actions.delete')}
                  </Button>
                </>
              )}
            </div>
          );
        },
      },
    ],
    [t, actions],
  );
}
