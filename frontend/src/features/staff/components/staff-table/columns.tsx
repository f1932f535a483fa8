'use client';

import type { ColumnDef } from '@/components/data-table/types';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { Button } from '@/components/ui/Button';
import { StatusBadge } from '@/components/StatusBadge';
import { formatDateTime } from '@/components/format';
import { isKnownRole } from '../../lib/staffRoles';
import type { StaffRow } from '../../queries';
import { Truncate } from '@/components/ui/Truncate';

export interface StaffRowActions {
  onEdit: (row: StaffRow) => void;
  onToggle: (row: StaffRow) => void;
  onReset: (row: StaffRow) => void;
}

/** `selfId`: the signed-in account, which may not disable itself (the server refuses it too). */
export function useStaffColumns(actions: StaffRowActions, selfId?: number): ColumnDef<StaffRow, unknown>[] {
  const t = useTranslations('staff');
  return useMemo(
    () => [
      { id: 'username', header: t('fields.username'), cell: ({ row }) => <Truncate text={row.original.username} className="max-w-48 font-mono" /> },
      { id: 'name', header: t('fields.name'), cell: ({ row }) => <Truncate text={row.original.name} className="max-w-48 font-medium text-slate-900" /> },
      { id: 'phone', header: t('fields.phone'), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{row.original.phone || '—'}</span> },
      {
        id: 'roles',
        header: t('fields.roles'),
        cell: ({ row }) => (
          <ul className="flex flex-wrap gap-1">
            {row.original.roles.map((role) => (
              <li key={role.id} className="whitespace-nowrap rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
                {isKnownRole(role.code) ? t(`roles.${role.code}`) : role.name}
              </li>
            ))}
          </ul>
        ),
      },
      {
        id: 'status',
        header: t('fields.status'),
        cell: ({ row }) => (
          <StatusBadge tone={row.original.status === 'active' ? 'green' : 'slate'}>{row.original.status === 'active' ? t('status.active') : t('status.disabled')}</StatusBadge>
        ),
      },
      { id: 'last_login', header: t('fields.lastLogin'), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(row.original.last_login_at)}</span> },
      {
        id: 'actions',
        header: t('fields.actions'),
        cell: ({ row }) => (
          <div className="flex gap-3 whitespace-nowrap">
            <Button variant="link" onClick={() => actions.onEdit(row.original)} aria-label={t('editNamed', { name: row.original.username })}>
              {t('edit')}
            </Button>
            <Button variant="link" onClick={() => actions.onReset(row.original)} aria-label={t('resetNamed', { name: row.original.username })}>
              {t('reset')}
            </Button>
            {row.original.id === selfId ? (
              <span className="text-xs text-slate-500">{t('self')}</span>
            ) : (
              <Button
                variant="link"
                className={row.original.status === 'active' ? 'text-red-600 hover:text-red-700' : ''}
                onClick={() => actions.onToggle(row.original)}
                aria-label={t(row.original.status === 'active' ? 'disableNamed' : 'enableNamed', { name: row.original.username })}
              >
                {row.original.status === 'active' ? t('disable') : t('enable')}
              </Button>
            )}
          </div>
        ),
      },
    ],
    [t, actions, selfId],
  );
}
