'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import type { ColumnDef } from '@/components/data-table/types';
import { formatCurrency, formatDateTime, orDash } from '@/components/format';
import { Button } from '@/components/ui/Button';
import { Truncate } from '@/components/ui/Truncate';
import { UserText } from '@/components/ui/UserText';
import { unitHref } from '../lib/units';
import type { Unit } from '../types';
import { UnitStatusBadge, useGradeName } from './UnitBadges';

/** The unit's codes: the serial first (the link to the unit), its IMEIs and MEID below. */
export function UnitCodes({ unit, link = true }: { unit: Unit; link?: boolean }) {
  const t = useTranslations('assets');
  const name = unit.serial_number || unit.imei1 || unit.meid || t('unit.noSerial', { id: unit.id });
  return (
    <div className="min-w-28 sm:min-w-36">
      {link ? (
        <Link href={unitHref(unit.id)} className="font-mono text-sm font-medium text-brand-600 hover:text-brand-700" translate="no">
          {name}
        </Link>
      ) : (
        <span className="font-mono text-sm font-medium" translate="no">
          {name}
        </span>
      )}
      {[unit.imei1, unit.imei2, unit.meid]
        .filter((code) => code && code !== name)
        .map((code) => (
          <p key={code} className="font-mono text-xs text-slate-500" translate="no">
            {code}
          </p>
        ))}
    </div>
  );
}

export interface UnitColumnActions {
  /** Narrow the list to a row's SKU. */
  onSku: (unit: Unit) => void;
}

export function useUnitColumns({ onSku }: UnitColumnActions): ColumnDef<Unit, unknown>[] {
  const t = useTranslations('assets');
  const gradeName = useGradeName();
  return useMemo(
    () => [
      { id: 'codes', header: t('columns.codes'), cell: ({ row }) => <UnitCodes unit={row.original} /> },
      {
        id: 'sku',
        header: t('columns.sku'),
        cell: ({ row }) => (
          <div className="max-w-56">
            <Truncate text={row.original.goods_name} />
            <Button variant="link" className="text-xs" aria-label={t('list.filterSku', { sku: row.original.sku_name })} title={t('list.filterSkuHint')} onClick={() => onSku(row.original)}>
              <UserText>{row.original.sku_name}</UserText>
            </Button>
          </div>
        ),
      },
      { id: 'grade', header: t('columns.grade'), cell: ({ row }) => <span className="whitespace-nowrap">{gradeName(row.original.grade, row.original.grade_label)}</span> },
      { id: 'status', header: t('columns.status'), meta: { priority: 1 }, cell: ({ row }) => <UnitStatusBadge status={row.original.status} label={row.original.status_label} /> },
      { id: 'place', header: t('columns.place'), cell: ({ row }) => <span className="whitespace-nowrap">{row.original.sub_shop_id === null ? t('place.warehouse') : <UserText>{row.original.place_name}</UserText>}</span> },
      { id: 'cost', header: t('columns.cost'), meta: { priority: 3 }, cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{row.original.cost === null ? orDash('') : formatCurrency(row.original.cost)}</span> },
      { id: 'supplier', header: t('columns.supplier'), meta: { priority: 3 }, cell: ({ row }) => <span className="block max-w-40"><Truncate text={orDash(row.original.supplier_name)} /></span> },
      {
        id: 'order',
        header: t('columns.order'),
        cell: ({ row }) =>
          row.original.order_id ? (
            <Link href={`/orderInfo/${row.original.order_id}`} className="font-mono text-xs text-brand-600 hover:text-brand-700">
              {row.original.order_no ?? `#${row.original.order_id}`}
            </Link>
          ) : (
            <span className="text-slate-400">{orDash('')}</span>
          ),
      },
      { id: 'updated_at', header: t('columns.updatedAt'), meta: { priority: 3 }, cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.updated_at)}</span> },
      {
        id: 'actions',
        header: t('columns.actions'),
        cell: ({ row }) => (
          <Link href={unitHref(row.original.id)} className="text-sm font-medium whitespace-nowrap text-brand-600 hover:text-brand-700" aria-label={t('list.openUnit', { code: row.original.serial_number || row.original.imei1 || String(row.original.id) })}>
            {t('list.open')}
          </Link>
        ),
      },
    ],
    [t, gradeName, onSku],
  );
}
