'use client';

import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { TableRow } from './TableRow';
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

/** A list with its loading (skeleton), error and empty states (STYLE 8); rows render through TableRow. */
export function DataTable<T>({ label, columns, rows, isPending, isFetching, isError, onRetry, errorTitle, empty, getRowId, footer }: DataTableProps<T>) {
  const t = useTranslations('common');
  // TanStack Table v8 hands back fresh functions each render; this app does not run the React Compiler.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({ data: (rows ?? []) as T[], columns, getCoreRowModel: getCoreRowModel(), getRowId });
  const headers = table.getHeaderGroups()[0]?.headers.map((header) => String(header.column.columnDef.header ?? '')) ?? [];

  if (isPending) return <TableSkeleton headers={headers} label={label} />;
  if (isError && !rows) {
    return <EmptyState tone="error" title={errorTitle} action={<Button variant="secondary" onClick={onRetry}>{t('retry')}</Button>} />;
  }
  if (!rows || rows.length === 0) return <>{empty}</>;
  return (
    <div className="flex flex-col gap-3">
      <div className={`overflow-x-auto rounded-lg border border-slate-200 bg-white transition-opacity ${isFetching ? 'opacity-60' : ''}`} aria-busy={isFetching || undefined}>
        <table aria-label={label} className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col" className="px-4 py-2.5 text-left font-medium whitespace-nowrap text-slate-600">
                    {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-slate-100">
            {table.getRowModel().rows.map((row) => (
              <TableRow key={row.id} row={row} />
            ))}
          </tbody>
        </table>
      </div>
      {footer}
    </div>
  );
}
