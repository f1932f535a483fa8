'use client';

import type { ColumnDef } from '@tanstack/react-table';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { DataTable as Table } from '@/components/ui/Table';
import { TableSkeleton } from './TableSkeleton';

export interface DataTableProps<T> {
  label: string;
  columns: ColumnDef<T, unknown>[];
  rows: readonly T[] | undefined;
  /** First load: no rows yet. */
  isPending: boolean;
  /** A later page or filter is loading while the previous rows stay on screen. */
  isFetching?: boolean;
  isError: boolean;
  onRetry: () => void;
  errorTitle: string;
  empty: ReactNode;
  getRowId: (row: T) => string;
  footer?: ReactNode;
}

/** A list with its loading (skeleton), error and empty states (STYLE 8) around the app's table. */
export function DataTable<T>({ label, columns, rows, isPending, isFetching, isError, onRetry, errorTitle, empty, getRowId, footer }: DataTableProps<T>) {
  const t = useTranslations('common');
  const headers = columns.map((column) => (typeof column.header === 'string' ? column.header : ''));

  if (isPending) return <TableSkeleton headers={headers} label={label} />;
  if (isError && !rows) {
    return <EmptyState tone="error" title={errorTitle} action={<Button variant="secondary" onClick={onRetry}>{t('retry')}</Button>} />;
  }
  if (!rows || rows.length === 0) return <>{empty}</>;
  return (
    <div className="flex flex-col gap-3">
      <Table label={label} columns={columns} data={rows} getRowId={getRowId} fetching={isFetching} />
      {footer}
    </div>
  );
}
