'use client';

import type { ColumnDef } from '@/components/data-table/types';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { formatCurrency, formatDate } from '@/components/format';
import { Button } from '@/components/ui/Button';
import { Truncate } from '@/components/ui/Truncate';
import type { RunRow } from '../../queries';
import { RunStatusBadge } from '../RunStatusBadge';

export interface RunRowActions {
  onOpen: (row: RunRow) => void;
  /** Platform finance (`reconciliation.resolve`): compare the day again. */
  onRerun?: (row: RunRow) => void;
}

/** How many trades, and their amount below it (narrow columns: the table fits more of them). */
function CountAndAmount({ count, amount, tone = 'text-slate-700' }: { count: string; amount: string; tone?: string }) {
  return (
    <span className="flex flex-col whitespace-nowrap tabular-nums">
      <span className={tone}>{count}</span>
      <span className="text-xs text-slate-500">{formatCurrency(amount)}</span>
    </span>
  );
}

export function useRunColumns(actions: RunRowActions): ColumnDef<RunRow, unknown>[] {
  const t = useTranslations('reconciliation');
  return useMemo(
    () => [
      {
        id: 'day',
        header: t('fields.day'),
        cell: ({ row }) => (
          <Button variant="link" className="whitespace-nowrap" aria-label={t('actions.openOf', { merchant: row.original.merchant_name, day: formatDate(row.original.day) })} onClick={() => actions.onOpen(row.original)}>
            {formatDate(row.original.day)}
          </Button>
        ),
      },
      { id: 'merchant', header: t('fields.merchant'), cell: ({ row }) => <span className="block max-w-48"><Truncate text={row.original.merchant_name} /></span> },
      { id: 'status', header: t('fields.status'), cell: ({ row }) => <RunStatusBadge status={row.original.status} fallback={row.original.status_name} /> },
      { id: 'provider', header: t('fields.provider'), cell: ({ row }) => <CountAndAmount count={t('list.trades', { count: row.original.provider_count })} amount={row.original.provider_amount} /> },
      { id: 'ledger', header: t('fields.ledger'), cell: ({ row }) => <CountAndAmount count={t('list.trades', { count: row.original.ledger_count })} amount={row.original.ledger_amount} /> },
      { id: 'matched', header: t('fields.matched'), cell: ({ row }) => <CountAndAmount count={t('list.trades', { count: row.original.matched_count })} amount={row.original.matched_amount} /> },
      {
        id: 'differences',
        header: t('fields.differences'),
        cell: ({ row }) => {
          const { mismatch_count: total, open_count: open, mismatch_amount: amount } = row.original;
          if (total === 0) return <span className="text-slate-500">{t('list.none')}</span>;
          const count = open > 0 ? t('list.openOfTotal', { open, total }) : t('list.allResolved', { total });
          return <CountAndAmount count={count} amount={amount} tone={open > 0 ? 'font-medium text-amber-700' : 'text-slate-600'} />;
        },
      },
      {
        id: 'actions',
        header: t('fields.actions'),
        cell: ({ row }) => {
          const label = { merchant: row.original.merchant_name, day: formatDate(row.original.day) };
          return (
            <div className="flex items-center gap-3 whitespace-nowrap">
              <Button variant="link" aria-label={t('actions.openOf', label)} onClick={() => actions.onOpen(row.original)}>
                {t('actions.open')}
              </Button>
              {actions.onRerun && (
                <Button variant="link" aria-label={t('actions.rerunOf', label)} onClick={() => actions.onRerun?.(row.original)}>
                  {t('actions.rerun')}
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
