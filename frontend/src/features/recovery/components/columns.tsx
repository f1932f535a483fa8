'use client';

import { UserText } from '@/components/ui/UserText';
import type { ColumnDef } from '@/components/data-table/types';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { formatCurrency, formatDate } from '@/components/format';
import { StatusBadge } from '@/components/StatusBadge';
import { Truncate } from '@/components/ui/Truncate';
import { bucketTone, CASE_RECORD_STATES, isActionDue, known } from '../lib/recovery';
import type { CaseRow } from '../queries';

export function caseHref(id: number): string {
  return `/recovery/${id}`;
}

/** The workbench's columns: the order and customer (masked), the aging, what is owed, the next action, who works it. */
export function useCaseColumns(today: string): ColumnDef<CaseRow, unknown>[] {
  const t = useTranslations('recovery');
  return useMemo(() => {
    /** A closed or written-off case's state in the reader's language. */
    const stateName = (value: string, fallback: string) => {
      const state = known(CASE_RECORD_STATES, value);
      return state ? t(`state.${state}`) : fallback;
    };
    return [
      {
        id: 'order',
        header: t('columns.order'),
        cell: ({ row }) => (
          <div className="min-w-36">
            <Link href={caseHref(row.original.id)} className="font-mono text-sm font-medium text-brand-600 hover:text-brand-700">
              {row.original.order_no}
            </Link>
            <p className="max-w-48 text-xs text-slate-500">
              <Truncate text={row.original.goods_title} />
            </p>
            {/* On a phone the aging and the debt sit beside the order: their columns are off to the right. */}
            <p className="mt-1 flex items-center gap-2 text-xs whitespace-nowrap sm:hidden" data-compact-aging>
              <StatusBadge tone={row.original.state === 'open' ? bucketTone(row.original.bucket) : 'green'}>{row.original.state === 'open' ? row.original.bucket : stateName(row.original.state, row.original.state_name)}</StatusBadge>
              <span className="font-medium text-red-700 tabular-nums">{formatCurrency(row.original.total_owed)}</span>
            </p>
          </div>
        ),
      },
      {
        id: 'customer',
        header: t('columns.customer'),
        cell: ({ row }) => (
          <div className="whitespace-nowrap">
            <p><UserText>{row.original.customer_name}</UserText></p>
            <p className="text-xs text-slate-500 tabular-nums">{row.original.customer_phone}</p>
          </div>
        ),
      },
      {
        id: 'bucket',
        header: t('columns.bucket'),
        cell: ({ row }) => (
          <div className="whitespace-nowrap">
            <StatusBadge tone={row.original.state === 'open' ? bucketTone(row.original.bucket) : 'green'}>{row.original.state === 'open' ? row.original.bucket : stateName(row.original.state, row.original.state_name)}</StatusBadge>
            <p className="mt-1 text-xs text-slate-500">{t('daysPastDue', { days: row.original.days_past_due })}</p>
          </div>
        ),
      },
      {
        id: 'owed',
        header: t('columns.owed'),
        cell: ({ row }) => (
          <span className="font-medium whitespace-nowrap text-red-700 tabular-nums" data-figure="total_owed">
            {formatCurrency(row.original.total_owed)}
          </span>
        ),
      },
      {
        id: 'next_action',
        header: t('columns.nextAction'),
        cell: ({ row }) => {
          const due = row.original.state === 'open' && isActionDue(row.original.next_action_on, today);
          return (
            <span className={`whitespace-nowrap tabular-nums ${due ? 'font-medium text-red-700' : ''}`}>
              {formatDate(row.original.next_action_on)}
              {due && <span className="ml-1 text-xs">({t('due')})</span>}
            </span>
          );
        },
      },
      {
        id: 'priority',
        header: t('columns.priority'),
        cell: ({ row }) => (
          <div className="whitespace-nowrap">
            <span className="tabular-nums">{row.original.priority}</span>
            {row.original.broken_promises > 0 && (
              <p className="text-xs text-red-700" data-broken-promises={row.original.broken_promises}>
                {t('brokenPromises', { count: row.original.broken_promises })}
              </p>
            )}
          </div>
        ),
      },
      {
        id: 'assignee',
        header: t('columns.assignee'),
        cell: ({ row }) => <span className="whitespace-nowrap">{row.original.assignee_name ? <UserText>{row.original.assignee_name}</UserText> : <span className="text-slate-400">{t('unassigned')}</span>}</span>,
      },
      {
        id: 'actions',
        header: t('columns.actions'),
        cell: ({ row }) => (
          <Link href={caseHref(row.original.id)} className="text-sm font-medium whitespace-nowrap text-brand-600 hover:text-brand-700" aria-label={`${t('openCase')} ${row.original.order_no}`}>
            {t('openCase')}
          </Link>
        ),
      },
    ] satisfies ColumnDef<CaseRow, unknown>[];
  }, [t, today]);
}
