'use client';

import { UserText } from '@/components/ui/UserText';
import type { ColumnDef } from '@/components/data-table/types';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { Button } from '@/components/ui/Button';
import { StatusBadge } from '@/components/StatusBadge';
import { formatDateTime } from '@/components/format';
import type { SubShopRow } from '../../queries';
import { Truncate } from '@/components/ui/Truncate';

export function subShopDetailHref(id: number): string {
  return `/subMerchantDetails?id=${id}`;
}

export function SubShopStatusBadge({ status }: { status: string }) {
  const t = useTranslations('subshop.status');
  return <StatusBadge tone={status === 'active' ? 'green' : 'slate'}>{status === 'active' ? t('active') : t('disabled')}</StatusBadge>;
}

export interface SubShopRowActions {
  onEdit: (row: SubShopRow) => void;
  onToggle: (row: SubShopRow) => void;
}

export function useSubShopColumns(actions: SubShopRowActions | null): ColumnDef<SubShopRow, unknown>[] {
  const t = useTranslations('subshop');
  return useMemo(() => {
    const columns: ColumnDef<SubShopRow, unknown>[] = [
      {
        id: 'name',
        header: t('fields.name'),
        cell: ({ row }) => (
          <Link href={subShopDetailHref(row.original.id)} className="block max-w-64 font-medium text-slate-900 hover:text-brand-700 hover:underline">
            <Truncate text={row.original.name} />
          </Link>
        ),
      },
      { id: 'contact', header: t('fields.contactName'), cell: ({ row }) => (row.original.contact_name ? <UserText>{row.original.contact_name}</UserText> : '—') },
      { id: 'phone', header: t('fields.phone'), cell: ({ row }) => <span className="tabular-nums">{row.original.phone || '—'}</span> },
      { id: 'address', header: t('fields.address'), cell: ({ row }) => <span className="line-clamp-2 max-w-56">{row.original.address ? <UserText>{row.original.address}</UserText> : '—'}</span> },
      { id: 'status', header: t('fields.status'), cell: ({ row }) => <SubShopStatusBadge status={row.original.status} /> },
      { id: 'accounts', header: t('fields.accountCount'), cell: ({ row }) => <span className="tabular-nums">{row.original.account_count}</span> },
      { id: 'created_at', header: t('fields.createdAt'), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(row.original.created_at)}</span> },
      {
        id: 'actions',
        header: t('fields.actions'),
        cell: ({ row }) => (
          <div className="flex items-center gap-3 whitespace-nowrap">
            <Link href={subShopDetailHref(row.original.id)} className="text-sm font-medium text-brand-600 hover:text-brand-700" aria-label={t('viewNamed', { name: row.original.name })}>
              {t('view')}
            </Link>
            {actions && (
              <>
                <Button variant="link" onClick={() => actions.onEdit(row.original)} aria-label={t('editNamed', { name: row.original.name })}>
                  {t('edit')}
                </Button>
                <Button
                  variant="link"
                  className={row.original.status === 'active' ? 'text-red-600 hover:text-red-700' : ''}
                  onClick={() => actions.onToggle(row.original)}
                  aria-label={t(row.original.status === 'active' ? 'disableNamed' : 'enableNamed', { name: row.original.name })}
                >
                  {row.original.status === 'active' ? t('disable') : t('enable')}
                </Button>
              </>
            )}
          </div>
        ),
      },
    ];
    return columns;
  }, [t, actions]);
}
