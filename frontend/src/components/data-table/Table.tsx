'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { foldOrder, isStickyEnd, lastResortOrder, STICKY_END, type FoldableColumn } from './fit';
import { columnId, selectionApi, type ColumnDef, type OnChangeFn, type RowSelectionState, type TableApi, type TableRow as Row } from './types';
import { IconButton } from '@/components/ui/IconButton';

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
  /** Tighter cells, for a table inside a form, a dialog or a record's section. */
  compact?: boolean;
}

/**
 * Every cell's style: text wraps at any character rather than widening the column (a name of a
 * hundred zeros stays inside its cell); cells that want one line use the kit's Truncate.
 */
export const CELL_CLASS = 'max-w-[22rem] px-4 py-3 text-slate-700 [overflow-wrap:anywhere]';
const COMPACT_CELL_CLASS = 'max-w-[22rem] px-3 py-2 text-slate-700 [overflow-wrap:anywhere]';
/** A table that folded all it may and still did not fit (a phone): tighter cells across. */
const TIGHT_CELL_CLASS = 'max-w-[22rem] px-3 py-3 text-slate-700 [overflow-wrap:anywhere]';
const HEADER_CLASS = 'text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600';
/** A cell that names its row (`meta.rowHeader`). */
const ROW_HEADER_CLASS = 'text-left font-medium text-slate-800';

/**
 * A cell's content is at most 22rem wide (longer text wraps inside it): the table is laid out at
 * its columns' natural widths (never squeezed to a character per line) and folds columns
 * instead when those are wider than its card.
 */
const CELL_BOX = 'max-w-[22rem]';
/**
 * The actions kept in view over a table that still does not fit: at most 7.5rem wide, their
 * buttons wrapping under each other (a screen's row of them, or its grid of them, made one
 * column; the toggle's line is left alone), so the cells beside them show rather than scroll
 * under them.
 */
const TIGHT_ACTIONS_BOX = 'max-w-[7.5rem] [&_.flex:not(.justify-between)]:flex-wrap [&_.grid]:grid-cols-1 [&_.min-w-max]:min-w-0';


/** A column with its id (given, or its header's text). */
interface Column<T> {
  id: string;
  def: ColumnDef<T, unknown>;
}

function stickyClass<T>(column: Column<T>, background: string): string {
  return isStickyEnd(column.id, column.def.meta) ? `${STICKY_END} ${background}` : '';
}

function renderHeader<T>(column: Column<T>, table: TableApi): ReactNode {
  const header = column.def.header;
  return typeof header === 'function' ? header({ table }) : (header ?? null);
}

function renderCell<T>(column: Column<T>, row: Row<T>, table: TableApi): ReactNode {
  return column.def.cell ? column.def.cell({ row, table }) : null;
}

/** A row's cell: a `<th scope="row">` in the column that names the row, else a `<td>`. */
function BodyCell<T>({ column, row, className, children }: { column: Column<T>; row: Row<T>; className: string; children: ReactNode }) {
  const label = column.def.cellLabel?.(row.original);
  if (column.def.meta?.rowHeader) {
    return (
      <th scope="row" data-column={column.id} aria-label={label} className={`${className} ${ROW_HEADER_CLASS}`}>
        {children}
      </th>
    );
  }
  return (
    <td data-column={column.id} aria-label={label} className={className}>
      {children}
    </td>
  );
}

function Chevron({ open }: { open: boolean }) {
  return (
    <svg className={`size-4 transition-transform ${open ? 'rotate-90' : ''}`} viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
      <path fillRule="evenodd" d="M7.21 14.77a.75.75 0 0 1 .02-1.06L11.17 10 7.23 6.29a.75.75 0 1 1 1.04-1.08l4.5 4.25a.75.75 0 0 1 0 1.08l-4.5 4.25a.75.75 0 0 1-1.06.02Z" clipRule="evenodd" />
    </svg>
  );
}

const TOGGLE = '-my-1 -mr-2 inline-flex size-7 shrink-0 items-center justify-center rounded text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600';

/**
 * The row's last cell (its actions, kept in view at the right) carries the row's details
 * toggle while columns are folded: the row keeps its cells in their order, and the cell that
 * names the row keeps its name (a reader, or a test looking a row up by its cell, meets the
 * same ones as before).
 */
function WithToggle({ toggle, children }: { toggle: ReactNode; children: ReactNode }) {
  if (!toggle) return <>{children}</>;
  return (
    <div className="flex items-start justify-between gap-2">
      <div className="min-w-0">{children}</div>
      {toggle}
    </div>
  );
}

function TableRow<T>({ row, table, columns, tone, folded, open, onToggle, detailsId, compact, tight }: { row: Row<T>; table: TableApi; columns: readonly Column<T>[]; tone?: string; folded: readonly string[]; open: boolean; onToggle: () => void; detailsId: string; compact: boolean; tight: boolean }) {
  const t = useTranslations('kit.table');
  const cells = columns.filter((column) => !folded.includes(column.id));
  const hidden = folded.length ? columns.filter((column) => folded.includes(column.id)) : [];
  const last = cells.findLast((column) => column.id !== 'select');
  const toggle = hidden.length > 0 && (
    <IconButton className={TOGGLE} aria-expanded={open} aria-controls={open ? detailsId : undefined} label={open ? t('hideDetails') : t('showDetails')} onClick={onToggle}>
      <Chevron open={open} />
    </IconButton>
  );
  return (
    <>
      <tr aria-selected={row.getCanSelect() ? row.getIsSelected() : undefined} className={`align-top hover:bg-slate-50 ${row.getIsSelected() ? 'bg-brand-50/40' : ''} ${tone ?? ''}`}>
        {cells.map((column) => (
          <BodyCell key={column.id} column={column} row={row} className={`${compact ? COMPACT_CELL_CLASS : tight ? TIGHT_CELL_CLASS : CELL_CLASS} ${stickyClass(column, 'bg-white')}`}>
            <div className={tight && isStickyEnd(column.id, column.def.meta) ? TIGHT_ACTIONS_BOX : CELL_BOX}>
              <WithToggle toggle={column === last ? toggle : null}>{renderCell(column, row, table)}</WithToggle>
            </div>
          </BodyCell>
        ))}
      </tr>
      {open && hidden.length > 0 && (
        <tr id={detailsId} data-row-details="" className={tone ?? ''}>
          <td colSpan={cells.length} className={`bg-slate-50/70 ${compact ? 'px-3 py-2' : 'px-4 py-3'}`}>
            {/* Zero intrinsic width: the details never widen the table, they fill the width it has. */}
            <dl className="grid w-0 min-w-full grid-cols-[repeat(auto-fill,minmax(10rem,1fr))] gap-x-6 gap-y-2 text-sm">
              {hidden.map((column) => (
                <div key={column.id} data-column={column.id} className="min-w-0">
                  <dt className="text-xs font-semibold text-slate-500">{headerText(column)}</dt>
                  <dd className="mt-0.5 text-slate-700 [overflow-wrap:anywhere]">{renderCell(column, row, table)}</dd>
                </div>
              ))}
            </dl>
          </td>
        </tr>
      )}
    </>
  );
}

/** A folded column's name in the details line (its header when that is text). */
function headerText<T>(column: Column<T>): string {
  const header = column.def.header;
  return typeof header === 'string' ? header : column.id;
}

/**
 * How many columns of `order` (the fold order) to fold so the table fits its card: measured
 * before paint each time the rows, the columns or the card's width change, starting from every
 * column shown. The table is laid out at its natural width (`w-max`), so a column folded frees
 * its own width. When all it may fold is folded and it still does not fit (a phone), it is
 * `tight`: laid out at the card's width, its cells tighter and its actions narrower, so the
 * cells that name a row and say its state show beside the actions rather than under them; if
 * even that does not fit, it folds its other columns one by one (`order` past `usual`, the
 * columns `foldOrder` keeps), until it fits or only the first column and the actions are left.
 */
function useFoldCount<T>(card: RefObject<HTMLDivElement | null>, table: RefObject<HTMLTableElement | null>, order: readonly string[], usual: number, data: readonly T[], columns: readonly unknown[]): { count: number; tight: boolean } {
  const [width, setWidth] = useState(0);
  const [fold, setFold] = useState<{ basis: readonly unknown[]; count: number; tight: boolean }>({ basis: [], count: 0, tight: false });
  useEffect(() => {
    const element = card.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [card]);
  // A new page, other columns or another width: measured again from every column shown.
  const same = fold.basis[0] === data && fold.basis[1] === columns && fold.basis[2] === order && fold.basis[3] === width;
  const count = same ? fold.count : 0;
  const tight = same ? fold.tight : false;
  useLayoutEffect(() => {
    const cardElement = card.current;
    const tableElement = table.current;
    if (!cardElement || !tableElement) return;
    const over = tableElement.offsetWidth - cardElement.clientWidth;
    if (tight) {
      // Measuring the laid-out table is what this effect is for; a fold more renders before paint.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      if (over > 1 && count < order.length) setFold({ basis: [data, columns, order, width], count: count + 1, tight: true });
      return;
    }
    let next = count;
    // The toggle comes into the first cell with the first fold.
    let need = over + (count === 0 ? 32 : 0);
    while (over > 1 && next < usual && need > 0) {
      const id = order[next];
      const th = [...tableElement.querySelectorAll<HTMLElement>('thead th')].find((header) => header.dataset.column === id);
      need -= Math.max(th?.offsetWidth ?? 0, 1);
      next += 1;
    }
    // Measuring the laid-out table is what this effect is for; the new count renders before paint.
    if (next !== count) setFold({ basis: [data, columns, order, width], count: next, tight: false });
    else if (over > 1) setFold({ basis: [data, columns, order, width], count, tight: true });
  }, [card, table, count, tight, order, usual, data, columns, width]);
  return { count, tight };
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
 * The table markup: headers, rows, optional selection and row tones. Its
 * columns keep their natural widths; when they are wider than the card, the least important
 * ones (`meta.priority`) fold into a details line each row opens with its toggle, and the
 * actions stay in view at the right. What still does not fit (a phone) scrolls sideways inside
 * the card, never the page. Every cell carries `data-column` (its column's id); a column may
 * name its rows (`meta.rowHeader`) and give a bare figure its name (`cellLabel`). States live in
 * DataTable, or with the screen when the rows are already there (a record's section, a form).
 */
export function Table<T>({ label, columns, data, getRowId, rowSelection, onRowSelectionChange, rowTone, fetching, selectLabels, compact = false }: TableProps<T>) {
  const t = useTranslations('kit.table');
  const selectable = Boolean(selectLabels && onRowSelectionChange);
  const allColumns = useMemo<Column<T>[]>(
    () => (selectable && selectLabels ? [selectColumn(selectLabels), ...columns] : columns).map((def, index) => ({ id: columnId(def, index), def })),
    [selectable, selectLabels, columns],
  );
  const { order, usual } = useMemo(() => {
    const foldable = columns.map((def, index): FoldableColumn => ({ id: columnId(def, index), meta: def.meta }));
    const first = foldOrder(foldable);
    return { order: [...first, ...lastResortOrder(foldable)], usual: first.length };
  }, [columns]);
  const card = useRef<HTMLDivElement>(null);
  const tableElement = useRef<HTMLTableElement>(null);
  const { count: foldCount, tight } = useFoldCount(card, tableElement, order, usual, data, allColumns);
  const folded = useMemo(() => order.slice(0, foldCount), [order, foldCount]);
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  const { table, row: rowOf } = selectionApi(data, getRowId, rowSelection ?? {}, onRowSelectionChange);
  const rows = data.map(rowOf);
  const allOpen = rows.length > 0 && rows.every((row) => opened.has(row.id));
  const toggle = (id: string) =>
    setOpened((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const headers = allColumns.filter((column) => !folded.includes(column.id));
  const lastColumn = headers.findLast((column) => column.id !== 'select')?.id;
  const allToggle = folded.length > 0 && (
    <IconButton className={TOGGLE} aria-expanded={allOpen} label={allOpen ? t('hideAllDetails') : t('showAllDetails')} onClick={() => setOpened(allOpen ? new Set() : new Set(rows.map((row) => row.id)))}>
      <Chevron open={allOpen} />
    </IconButton>
  );
  // `relative`: what a cell hides off screen (an input's sr-only label) is placed against the
  // card, so it scrolls and clips with it rather than widening the page at phone width.
  return (
    <div ref={card} data-scroll-x className={`relative max-w-full overflow-x-auto ${compact ? 'rounded-md' : 'rounded-lg'} border border-slate-200 bg-white transition-opacity ${fetching ? 'opacity-60' : ''}`} aria-busy={fetching || undefined}>
      <table ref={tableElement} aria-label={label} data-folded={folded.join(' ') || undefined} data-tight={tight || undefined} className={`${tight ? 'w-full' : 'w-max min-w-full'} divide-y divide-slate-200 text-sm`}>
        <thead className="bg-slate-50">
          <tr>
            {headers.map((column) => (
              <th key={column.id} scope="col" data-column={column.id} className={`${compact ? 'px-3 py-2' : tight ? 'px-3 py-2.5' : 'px-4 py-2.5'} ${HEADER_CLASS} ${stickyClass(column, 'bg-slate-50')}`}>
                <WithToggle toggle={column.id === lastColumn && allToggle}>{renderHeader(column, table)}</WithToggle>
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <TableRow key={row.id} row={row} table={table} columns={allColumns} tone={rowTone?.(row.original)} folded={folded} open={opened.has(row.id)} onToggle={() => toggle(row.id)} detailsId={`details-${row.id}`} compact={compact} tight={tight} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
