'use client';

import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState';
import { Spinner } from './Spinner';

export interface TableProps<Row> {
  columns: ColumnDef<Row, unknown>[];
  data: readonly Row[] | undefined;
  /** Accessible name of the table. */
  label: string;
  isLoading?: boolean;
  error?: ReactNode;
  empty?: ReactNode;
  getRowId?: (row: Row, index: number) => string;
}

/** A list with its loading, error and empty states (STYLE 8). */
export function Table<Row>({ columns, data, label, isLoading, error, empty, getRowId }: TableProps<Row>) {
  const t = useTranslations('common');
  // TanStack Table v8 hands back fresh functions each render; this app does not run the React Compiler.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: (data ?? []) as Row[],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId,
  });
  if (isLoading) {
    return (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  }
  if (error) return <>{error}</>;
  if (!data || data.length === 0) return <>{empty ?? <EmptyState title={t('empty')} />}</>;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table aria-label={label} className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className="px-4 py-2.5 text-left font-medium text-slate-600">
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-slate-100">
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className="hover:bg-slate-50">
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className="px-4 py-2.5 text-slate-700">
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
