'use client';

import type { ColumnDef } from '@/components/data-table/types';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { Button } from '@/components/ui/Button';
import { formatCurrency } from '@/lib/currency';
import type { Gain, GainTypeOption } from '../../types';
import { Switch } from '@/components/ui/fields';
import { formatDateTime } from '@/components/format';
import { StatusBadge } from '@/components/StatusBadge';
import { Truncate } from '@/components/ui/Truncate';
import { GAIN_STATE_TONE, gainState } from '../../lib/addon';

export function useGainColumns(actions: {
  onEdit: (gain: Gain) => void;
  onStatus: (gain: Gain, enabled: boolean) => void;
  busyId: number | null;
  /** The offered types, labelled in the screen's language (rows name their type in Chinese). */
  types: readonly GainTypeOption[] | undefined;
}): ColumnDef<Gain, unknown>[] {
  const t = useTranslations('addon');
  return useMemo<ColumnDef<Gain, unknown>[]>(
    () => [
      {
        id: 'name',
        header: t('columns.name'),
        cell: ({ row: { original: gain } }) => (
          <div className="min-w-48">
            <Truncate as="p" text={gain.name} lines={2} className="font-medium text-slate-900" />
            {gain.description && <Truncate as="p" text={gain.description} lines={2} className="mt-0.5 text-xs text-slate-500" />}
            {gain.platform_disabled && <PlatformReason reason={gain.platform_reason} label={t('platformReasonLabel')} />}
          </div>
        ),
      },
      {
        id: 'type',
        header: t('columns.type'),
        cell: ({ row: { original: gain } }) => (
          <StatusBadge tone="sky" userText>{actions.types?.find((type) => type.value === gain.gain_type)?.label ?? gain.gain_type_name}</StatusBadge>
        ),
      },
      { id: 'price', header: t('columns.price'), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatCurrency(row.original.price)}</span> },
      { id: 'required', header: t('columns.required'), cell: ({ row }) => (row.original.is_required ? t('required') : t('optional')) },
      {
        id: 'status',
        header: t('columns.status'),
        cell: ({ row: { original: gain } }) =>
          gain.platform_disabled ? (
            // The switch stays visible but locked; the hover says why and until when.
            <div className="flex items-center gap-2" title={t('platformLockedHint', { reason: gain.platform_reason })}>
              <Switch checked={false} disabled label={t('enabledOf', { name: gain.name })} onChange={() => undefined} />
              <StatusBadge tone={GAIN_STATE_TONE.platformDisabled} title={t('platformLockedHint', { reason: gain.platform_reason })}>
                {t('platformDisabled')}
              </StatusBadge>
            </div>
          ) : (
            <div className="flex items-center gap-2">
              <Switch checked={gain.status === 1} disabled={actions.busyId === gain.id} label={t('enabledOf', { name: gain.name })} onChange={(next) => actions.onStatus(gain, next)} />
              <span className="text-xs text-slate-500">{gainState(gain) === 'enabled' ? t('enabled') : t('disabled')}</span>
            </div>
          ),
      },
      { id: 'sort', header: t('columns.sort'), cell: ({ row }) => <span className="tabular-nums">{row.original.sort}</span> },
      { id: 'updated', header: t('columns.updated'), cell: ({ row }) => <span className="whitespace-nowrap text-xs text-slate-500">{formatDateTime(row.original.updated_at)}</span> },
      {
        id: 'actions',
        header: t('columns.actions'),
        cell: ({ row: { original: gain } }) => (
          <Button variant="link" className="whitespace-nowrap" onClick={() => actions.onEdit(gain)} aria-label={t('editOf', { name: gain.name })}>
            {t('edit')}
          </Button>
        ),
      },
    ],
    [t, actions],
  );
}

/** "Disabled by the platform: <reason>", as the goods list shows a forced-down reason. */
export function PlatformReason({ reason, label }: { reason: string; label: string }) {
  return (
    <p className="mt-1 max-w-md rounded bg-red-50 px-2 py-1 text-xs text-red-700 [overflow-wrap:anywhere]">
      <span className="font-semibold">{label}</span>
      {reason}
    </p>
  );
}
