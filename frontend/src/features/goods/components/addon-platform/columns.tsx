'use client';

import type { ColumnDef } from '@/components/data-table/types';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { formatDateTime } from '@/components/format';
import { StatusBadge } from '@/components/StatusBadge';
import { Button } from '@/components/ui/Button';
import { Truncate } from '@/components/ui/Truncate';
import { formatCurrency } from '@/lib/currency';
import { GAIN_STATE_TONE, gainState, gainTypeName } from '../../lib/addon';
import type { AddonType, Gain } from '../../types';
import { PlatformReason } from '../addon/columns';

export interface PlatformGainActions {
  types: readonly AddonType[] | undefined;
  onDisable: (gain: Gain) => void;
  onLift: (gain: Gain) => void;
}

/** Columns of the platform's table of every merchant's add-on services. */
export function usePlatformGainColumns(actions: PlatformGainActions): ColumnDef<Gain, unknown>[] {
  const t = useTranslations('addon');
  const locale = useLocale();
  return useMemo<ColumnDef<Gain, unknown>[]>(
    () => [
      { id: 'merchant', header: t('platform.columns.merchant'), cell: ({ row }) => <Truncate text={row.original.merchant_name} className="max-w-48" /> },
      {
        id: 'name',
        header: t('columns.name'),
        cell: ({ row: { original: gain } }) => (
          <div className="min-w-48">
            <Truncate as="p" text={gain.name} lines={2} className="font-medium text-slate-900" />
            {gain.platform_disabled && <PlatformReason reason={gain.platform_reason} label={t('platformReasonLabel')} />}
          </div>
        ),
      },
      { id: 'type', header: t('columns.type'), cell: ({ row }) => <StatusBadge tone="sky" userText>{gainTypeName(row.original, actions.types, locale)}</StatusBadge> },
      { id: 'price', header: t('columns.price'), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatCurrency(row.original.price)}</span> },
      {
        id: 'status',
        header: t('columns.status'),
        cell: ({ row: { original: gain } }) => {
          const state = gainState(gain);
          const label = state === 'enabled' ? t('enabled') : state === 'platformDisabled' ? t('platformDisabled') : t('platform.merchantDisabled');
          return <StatusBadge tone={GAIN_STATE_TONE[state]}>{label}</StatusBadge>;
        },
      },
      { id: 'updated', header: t('columns.updated'), cell: ({ row }) => <span className="whitespace-nowrap text-xs text-slate-500">{formatDateTime(row.original.updated_at)}</span> },
      {
        id: 'actions',
        header: t('columns.actions'),
        cell: ({ row: { original: gain } }) =>
          gain.platform_disabled ? (
            <Button variant="link" className="whitespace-nowrap" onClick={() => actions.onLift(gain)} aria-label={t('platform.liftOf', { name: gain.name })}>
              {t('platform.lift')}
            </Button>
          ) : (
            <Button variant="link" className="whitespace-nowrap text-red-600 hover:text-red-700" onClick={() => actions.onDisable(gain)} aria-label={t('platform.disableOf', { name: gain.name })}>
              {t('platform.disable')}
            </Button>
          ),
      },
    ],
    [t, locale, actions],
  );
}
