'use client';

import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type Row,
  type RowData,
  type Column,
  type RowSelectionState,
  type OnChangeFn,
} from '@tanstack/react-table';
import { useMemo } from 'react';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** `end`: the column stays in view at the right while a wide table scrolls (a row's actions). */
    sticky?: 'end';
  }
}

/** What the checkboxes of a selectable table say to a screen reader. */
export interface SelectLabels<T> {
  /** The header's checkbox: every row of this page. */
  all: string;
  /** One row's checkbox, named after the row ("Select order 2026…"). */
  row: (row: T) => string;
}

export interface TableProps<T> {
  label: string;
  columns: ColumnDef<T, unknown>[];
  data: readonly T[];
  getRowId: (row: T) => string;
  rowSelection?: RowSelectionState;
  onRowSelectionChange?: OnChangeFn<RowSelectionState>;
  /** Extra classes for a row (e.g. goods the platform forced down). */
  rowTone?: (row: T) => string | undefined;
  /** A new page loads over the old one. */
  fetching?: boolean;
  /** With `onRowSelectionChange`: the table adds a first column of checkboxes. */
  selectLabels?: SelectLabels<T>;
}

/**
 * Every cell's style: text wraps at any character rather than widening the column (a name of a
 * hundred zeros stays inside its cell); cells that want one line use the kit's Truncate.
 */
export const CELL_CLASS = 'max-w-[22rem] px-4 py-3 text-slate-700 [overflow-wrap:anywhere]';

/** A column kept in view at the right edge (its cells need their own background over the scroll). */
const STICKY_END = 'sticky right-0 shadow-[-8px_0_8px_-8px_rgba(15,23,42,0.18)]';

function stickyClass<T>(column: Column<T, unknown>, background: string): string {
  return column.columnDef.meta?.sticky === 'end' ? `${STICKY_END} ${background}` : '';
}

function TableRow<T>({ row, tone }: { row: Row<T>; tone?: string }) {
  return (
    <tr aria-selected={row.getCanSelect() ? row.getIsSelected() : undefined} className={`align-top hover:bg-slate-50 ${row.getIsSelected() ? 'bg-brand-50/40' : ''} ${tone ?? ''}`}>
      {row.getVisibleCells().map((cell) => (
        <td key={cell.id} className={`${CELL_CLASS} ${stickyClass(cell.column, 'bg-white')}`}>
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </td>
      ))}
    </tr>
  );
}

const CHECKBOX = 'size-4 cursor-pointer accent-brand-600 disabled:cursor-not-allowed';

/** The checkbox column: a label around each box widens what a finger has to hit. */
function selectColumn<T>(labels: SelectLabels<T>): ColumnDef<T, unknown> {
  return {
    id: 'select',
    header: ({ table }) => (
      <label className="-m-2 inline-flex p-2">
        <input
          type="checkbox"
          aria-label={labels.all}
          className={CHECKBOX}
          checked={table.getIsAllRowsSelected()}
          ref={(input) => {
            if (input) input.indeterminate = table.getIsSomeRowsSelected();
          }}
          onChange={table.getToggleAllRowsSelectedHandler()}
        />
      </label>
    ),
    cell: ({ row }) => (
      <label className="-m-2 inline-flex p-2">
        <input type="checkbox" aria-label={labels.row(row.original)} className={CHECKBOX} checked={row.getIsSelected()} disabled={!row.getCanSelect()} onChange={row.getToggleSelectedHandler()} />
      </label>
    ),
  };
}

/**
 * The table markup (TanStack Table): headers, rows, optional selection and row tones. It scrolls
 * sideways inside its card on a narrow screen, never the page. States live in DataTable.
 */
export function Table<T>({ label, columns, data, getRowId, rowSelection, onRowSelectionChange, rowTone, fetching, selectLabels }: TableProps<T>) {
  const selectable = Boolean(selectLabels && onRowSelectionChange);
  const allColumns = useMemo(() => (selectable && selectLabels ? [selectColumn(selectLabels), ...columns] : columns), [selectable, selectLabels, columns]);
  // TanStack Table v8 hands back fresh functions each render; this app does not run the React Compiler.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: data as T[],
    columns: allColumns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    enableRowSelection: Boolean(onRowSelectionChange),
    state: rowSelection ? { rowSelection } : {},
    onRowSelectionChange,
  });
  return (
    <div data-scroll-x className={`max-w-full overflow-x-auto rounded-lg border border-slate-200 bg-white transition-opacity ${fetching ? 'opacity-60' : ''}`} aria-busy={fetching || undefined}>
      <table aria-label={label} className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className={`px-4 py-2.5 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 ${stickyClass(header.column, 'bg-slate-50')}`}>
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-slate-100">
          {table.getRowModel().rows.map((row) => (
            <TableRow key={row.id} row={row} tone={rowTone?.(row.original)} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
