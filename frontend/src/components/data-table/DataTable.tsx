'use client';

import type { ReactNode } from 'react';
import { Table, type SelectLabels } from './Table';
import { TableSkeleton } from './TableSkeleton';
import { TableError } from './TableStates';
import type { ColumnDef, OnChangeFn, RowSelectionState } from './types';

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
  /** Usually the kit's Pagination. */
  footer?: ReactNode;
  rowSelection?: RowSelectionState;
  onRowSelectionChange?: OnChangeFn<RowSelectionState>;
  rowTone?: (row: T) => string | undefined;
  /** With `onRowSelectionChange`: a first column of checkboxes (else the columns bring their own). */
  selectLabels?: SelectLabels<T>;
}

/** A list with its loading (skeleton), error and empty states (STYLE 8) around the kit's table. */
export function DataTable<T>({ label, columns, rows, isPending, isFetching, isError, onRetry, errorTitle, empty, getRowId, footer, ...rest }: DataTableProps<T>) {
  const headers = [...(rest.selectLabels && rest.onRowSelectionChange ? [''] : []), ...columns.map((column) => (typeof column.header === 'string' ? column.header : ''))];
  if (isPending) return <TableSkeleton headers={headers} label={label} />;
  if (isError && !rows) return <TableError title={errorTitle} onRetry={onRetry} />;
  if (!rows || rows.length === 0) return <>{empty}</>;
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <Table label={label} columns={columns} data={rows} getRowId={getRowId} fetching={isFetching} {...rest} />
      {footer}
    </div>
  );
}
