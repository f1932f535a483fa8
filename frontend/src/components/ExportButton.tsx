'use client';

import { useTranslations } from 'next-intl';
import { exportFiltersOf } from './export/exportJob';
import { ExportJobButton } from './export/ExportJobButton';
import { useCreateExport } from './export/queries';

export interface ExportButtonProps {
  /** The exporter (exportCreate `kind`): `lease_orders`, `purchase_orders`, `goods` … */
  kind: string;
  /** The list's own filters as its list call takes them (no page, page size or merchant). */
  filters: Record<string, unknown>;
  label?: string;
}

/**
 * Exports what a list shows to Excel: queues the export with the list's filters, follows it in a
 * small dialog and offers the file. While an export is unfinished the button reopens it rather
 * than queueing another (an account has at most three unfinished).
 */
export function ExportButton({ kind, filters, label }: ExportButtonProps) {
  const t = useTranslations('export');
  const create = useCreateExport();
  return <ExportJobButton queue={(handlers) => create.mutate({ kind, filters: exportFiltersOf(filters) }, handlers)} queueing={create.isPending} label={label ?? t('button')} followingLabel={t('following')} />;
}
