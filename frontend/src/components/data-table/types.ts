import type { ReactNode } from 'react';

/**
 * The kit's table model: what a screen says of its columns and what a cell is handed. It is
 * the small part of a table library the lists use (columns with a header and a cell, a row's
 * original record, row selection), kept in the kit so that a list's first rows do not fetch a
 * library for it (issue 41 item 8: 12 KB gzip of a list's 200 KB budget).
 */

/** The ids of the selected rows (a row not in it, or `false`, is not selected). */
export type RowSelectionState = Record<string, boolean>;

/** A new value, or a function of the current one (as React's setState takes). */
export type Updater<T> = T | ((current: T) => T);

export type OnChangeFn<T> = (updater: Updater<T>) => void;

export interface ColumnMeta {
  /**
   * `end`: the column stays in view at the right while a wide table scrolls (a row's actions).
   * A column with the id `actions` is sticky without saying so.
   */
  sticky?: 'end';
  /**
   * How much the column matters when the table is wider than its card: 1 folds only on a phone
   * where the table, tight, still does not fit (fit.ts lastResortOrder); 0 never folds (a grid
   * of inputs that scrolls inside its card); the others (default 2) fold into the row's details
   * line, the highest number first and, among equals, the rightmost first. The first column (it
   * names the row) and the actions stay.
   */
  priority?: number;
  /**
   * The column's cells name their row (`<th scope="row">`): a screen reader says the name with
   * each of the row's cells, and a test finds the row by it. Usually the first column.
   */
  rowHeader?: boolean;
}

/** What a header or a cell may ask of the whole table: the page's selection. */
export interface TableApi {
  getIsAllRowsSelected: () => boolean;
  getIsSomeRowsSelected: () => boolean;
  getToggleAllRowsSelectedHandler: () => (event: { target: { checked: boolean } }) => void;
}

export interface TableRow<T> {
  /** The row's id (the list's `getRowId`). */
  id: string;
  index: number;
  original: T;
  getCanSelect: () => boolean;
  getIsSelected: () => boolean;
  getToggleSelectedHandler: () => (event: { target: { checked: boolean } }) => void;
}

export interface HeaderContext {
  table: TableApi;
}

export interface CellContext<T> {
  row: TableRow<T>;
  table: TableApi;
}

/**
 * One column. Its id is `id`, else its header when that is text (every column has one or the
 * other); `data-column` on its cells carries it. The second parameter is kept so that a column
 * list reads as `ColumnDef<Row, unknown>[]` as before.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export interface ColumnDef<T, V = unknown> {
  id?: string;
  header?: string | ((context: HeaderContext) => ReactNode);
  cell?: (context: CellContext<T>) => ReactNode;
  /** The cell's accessible name, where its content alone says too little (a bare figure). */
  cellLabel?: (row: T) => string;
  meta?: ColumnMeta;
}

/** A column's id, as its cells and the fold order know it. */
export function columnId<T>(column: ColumnDef<T>, index: number): string {
  return column.id ?? (typeof column.header === 'string' ? column.header : String(index));
}

/** The page's selection as a table hands it to its headers and cells. */
export function selectionApi<T>(
  rows: readonly T[],
  getRowId: (row: T) => string,
  selection: RowSelectionState,
  onChange: OnChangeFn<RowSelectionState> | undefined,
): { table: TableApi; row: (original: T, index: number) => TableRow<T> } {
  const enabled = Boolean(onChange);
  const ids = rows.map(getRowId);
  const selected = (id: string) => Boolean(selection[id]);
  const allSelected = enabled && ids.length > 0 && ids.every(selected);
  const table: TableApi = {
    getIsAllRowsSelected: () => allSelected,
    getIsSomeRowsSelected: () => !allSelected && ids.some(selected),
    getToggleAllRowsSelectedHandler: () => (event) => {
      // Read now: by the time the updater runs React has put the controlled box back.
      const checked = event.target.checked;
      onChange?.((current) => {
        const next = { ...current };
        for (const id of ids) {
          if (checked) next[id] = true;
          else delete next[id];
        }
        return next;
      });
    },
  };
  const row = (original: T, index: number): TableRow<T> => {
    const id = ids[index] ?? getRowId(original);
    return {
      id,
      index,
      original,
      getCanSelect: () => enabled,
      getIsSelected: () => selected(id),
      getToggleSelectedHandler: () => (event) => {
        const checked = event.target.checked;
        onChange?.((current) => {
          const next = { ...current };
          if (checked) next[id] = true;
          else delete next[id];
          return next;
        });
      },
    };
  };
  return { table, row };
}
