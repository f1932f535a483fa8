'use client';

import { UserText } from '@/components/ui/UserText';
import type { ColumnDef } from '@/components/data-table/types';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import type { MerchantRow } from '../../queries';
import { isMerchantCycle } from '../../lib/onboardingRules';
import { isMerchantStatus, MERCHANT_STATUS_TONE } from '../../lib/status';
import { Truncate } from '@/components/ui/Truncate';
import { StatusBadge } from '@/components/StatusBadge';
import { formatDateTime } from '@/components/format';

/** A cycle the UI does not know (added on the server later) shows as sent. */
export function cycleName(t: (key: `cycles.${'T+1' | 'T+3' | 'T+7' | 'T+15' | 'monthly'}`) => string, cycle: string): string {
  return isMerchantCycle(cycle) ? t(`cycles.${cycle}`) : cycle;
}

export function merchantDetailHref(id: number): string {
  return `/merchantDetail?id=${id}`;
}

export function useMerchantColumns(): ColumnDef<MerchantRow, unknown>[] {
  const t = useTranslations('merchant');
  return useMemo(
    () => [
      {
        id: 'name',
        header: t('fields.name'),
        cell: ({ row }) => (
          <div className="max-w-64 min-w-40">
            <Link href={merchantDetailHref(row.original.id)} className="block font-medium text-slate-900 hover:text-brand-700 hover:underline">
              <Truncate text={row.original.name} />
            </Link>
            <Truncate as="p" text={row.original.slug} className="font-mono text-xs text-slate-500" />
          </div>
        ),
      },
      {
        id: 'domain',
        header: t('fields.domain'),
        cell: ({ row }) => <span className="font-mono text-xs text-slate-600">{row.original.domain ? <UserText>{row.original.domain}</UserText> : '—'}</span>,
      },
      {
        id: 'status',
        header: t('fields.status'),
        cell: ({ row }) => {
          const status = row.original.status;
          return isMerchantStatus(status) ? <StatusBadge tone={MERCHANT_STATUS_TONE[status]}>{t(`status.${status}`)}</StatusBadge> : row.original.status_name;
        },
      },
      {
        id: 'contact',
        header: t('fields.contact'),
        cell: ({ row }) => (
          <div className="whitespace-nowrap">
            <p>{row.original.contact_name ? <UserText>{row.original.contact_name}</UserText> : '—'}</p>
            {row.original.contact_phone && <p className="text-xs text-slate-500">{row.original.contact_phone}</p>}
          </div>
        ),
      },
      {
        id: 'settlement',
        header: t('fields.settlement'),
        cell: ({ row }) =>
          row.original.commission_rate === null ? (
            <span className="text-slate-400">{t('noSettlement')}</span>
          ) : (
            <span className="whitespace-nowrap tabular-nums">
              {t('rateValue', { rate: String(row.original.commission_rate) })} · {row.original.settlement_cycle ? cycleName(t, row.original.settlement_cycle) : '—'}
            </span>
          ),
      },
      {
        id: 'created_at',
        header: t('fields.createdAt'),
        cell: ({ row }) => <span className="whitespace-nowrap text-slate-600 tabular-nums">{formatDateTime(row.original.created_at)}</span>,
      },
      {
        id: 'actions',
        header: t('fields.actions'),
        cell: ({ row }) => (
          <Link href={merchantDetailHref(row.original.id)} className="text-sm font-medium whitespace-nowrap text-brand-600 hover:text-brand-700" aria-label={t('viewNamed', { name: row.original.name })}>
            {t('view')}
          </Link>
        ),
      },
    ],
    [t],
  );
}
