import type { ColumnMeta } from './types';

/** What the fold order needs of a column (its id and meta). */
export interface FoldableColumn {
  id: string;
  meta?: Pick<ColumnMeta, 'priority' | 'sticky'>;
}

/** The default priority of a column that says none: folds after those marked 3 and above. */
export const DEFAULT_PRIORITY = 2;

/** A column kept in view at the right edge (its cells need their own background over the scroll). */
export const STICKY_END = 'sticky right-0 shadow-[-8px_0_8px_-8px_rgba(15,23,42,0.18)]';

/** A row's actions: kept in view at the right (said by `meta.sticky`, or by the id `actions`). */
export function isStickyEnd(id: string, meta?: FoldableColumn['meta']): boolean {
  return meta?.sticky === 'end' || id === 'actions';
}

/**
 * The columns a table may fold, in the order it folds them: the highest priority number first,
 * among equals the rightmost first. Never the first column (it names the row), a column of
 * priority 1, the actions, or the selection's checkboxes.
 */
export function foldOrder(columns: readonly FoldableColumn[]): string[] {
  const first = firstColumnId(columns);
  return columns
    .map((column, index) => ({ column, index, priority: column.meta?.priority ?? (column.id === first ? 1 : DEFAULT_PRIORITY) }))
    .filter(({ column, priority }) => priority > 1 && !isStickyEnd(column.id, column.meta) && column.id !== 'select')
    .sort((a, b) => b.priority - a.priority || b.index - a.index)
    .map(({ column }) => column.id);
}

/** The column that names the row: the first one past a screen's own checkboxes (`select`). */
export function firstColumnId(columns: readonly { id?: string }[]): string | undefined {
  return columns.find((column) => column.id !== 'select')?.id;
}

/**
 * Gives columns their priorities by id, leaving each definition as it was written (a screen says
 * once which of its columns matter most): `prioritize(columns, { plan: 3, createdAt: 1 })`.
 */
export function prioritize<T extends { id?: string; meta?: object }>(columns: T[], priorities: Readonly<Record<string, number>>): T[] {
  return columns.map((column) => (column.id && column.id in priorities ? { ...column, meta: { ...column.meta, priority: priorities[column.id] } } : column));
}

/**
 * What a table folds after `foldOrder` when, tight on a phone, it still does not fit: the other
 * columns of priority 1, the rightmost first — shown in the row's details rather than cut off
 * under the actions. Never the first column, the actions, the checkboxes or a column of priority 0.
 */
export function lastResortOrder(columns: readonly FoldableColumn[]): string[] {
  const first = firstColumnId(columns);
  const usual = new Set(foldOrder(columns));
  return columns
    .filter((column) => column.id !== first && column.id !== 'select' && !isStickyEnd(column.id, column.meta) && !usual.has(column.id) && column.meta?.priority !== 0)
    .map((column) => column.id)
    .reverse();
}
