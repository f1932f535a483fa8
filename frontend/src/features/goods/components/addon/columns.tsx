'use client';

import type { ColumnDef } from '@tanstack/react-table';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { Button } from '@/components/ui/Button';
import { formatCurrency } from '@/lib/currency';
import type { Gain } from '../../types';
import { Switch } from '@/components/ui/fields';
import { formatDateTime } from '@/components/format';
import { StatusBadge } from '@/components/StatusBadge';

export function useGainColumns(actions: { onEdit: (gain: Gain) => void; onStatus: (gain: Gain, enabled: boolean) => void; busyId: number | null }): ColumnDef<Gain, unknown>[] {
  const t = useTranslations('addon');
  return useMemo<ColumnDef<Gain, unknown>[]>(
    () => [
      {
        id: 'name',
        header: t('columns.name'),
        cell: ({ row: { original: gain } }) => (
          <div className="min-w-48">
            <p className="font-medium text-slate-900">{gain.name}</p>
            {gain.description && <p className="mt-0.5 line-clamp-2 text-xs text-slate-500">{gain.description}</p>}
          </div>
        ),
      },
      { id: 'type', header: t('columns.type'), cell: ({ row }) => <StatusBadge tone="sky">{row.original.gain_type_name}</StatusBadge> },
      { id: 'price', header: t('columns.price'), cell: ({ row }) => <span className="tabular-nums">{formatCurrency(row.original.price)}</span> },
      { id: 'required', header: t('columns.required'), cell: ({ row }) => (row.original.is_required ? t('required') : t('optional')) },
      {
        id: 'status',
        header: t('columns.status'),
        cell: ({ row: { original: gain } }) => (
          <div className="flex items-center gap-2">
            <Switch checked={gain.status === 1} disabled={actions.busyId === gain.id} label={t('enabledOf', { name: gain.name })} onChange={(next) => actions.onStatus(gain, next)} />
            <span className="text-xs text-slate-500">{gain.status === 1 ? t('enabled') : t('disabled')}</span>
          </div>
        ),
      },
      { id: 'sort', header: t('columns.sort'), cell: ({ row }) => <span className="tabular-nums">{row.original.sort}</span> },
      { id: 'updated', header: t('columns.updated'), cell: ({ row }) => <span className="whitespace-nowrap text-xs text-slate-500">{formatDateTime(row.original.updated_at)}</span> },
      {
        id: 'actions',
        header: t('columns.actions'),
        cell: ({ row: { original: gain } }) => (
          <Button variant="link" onClick={() => actions.onEdit(gain)} aria-label={t('editOf', { name: gain.name })}>
            {t('edit')}
          </Button>
        ),
      },
    ],
    [t, actions],
  );
}
