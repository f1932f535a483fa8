'use client';

import type { RowSelectionState, Updater } from './types';
import { useCallback, useState } from 'react';

/**
 * A list's row selection, kept together with the list it was made on (`key`: the list's query).
 * Another page, filter or sort starts with nothing selected, without an effect to clear it: a
 * selection made on one query never acts on rows of another.
 */
export interface KeyedSelection {
  key: string;
  rows: RowSelectionState;
}

export const NO_SELECTION: RowSelectionState = {};

export function selectionOf(stored: KeyedSelection, key: string): RowSelectionState {
  return stored.key === key ? stored.rows : NO_SELECTION;
}

export function selectionUpdate(stored: KeyedSelection, key: string, updater: Updater<RowSelectionState>): KeyedSelection {
  const current = selectionOf(stored, key);
  const next = typeof updater === 'function' ? updater(current) : updater;
  // A row unselected may be kept as `false`; only the selected ones are kept.
  return { key, rows: Object.fromEntries(Object.entries(next).filter(([, selected]) => selected)) };
}

/** The rows on screen that are selected, in the list's order (a selected id not on screen is dropped). */
export function selectedRows<T>(rows: readonly T[] | undefined, selection: RowSelectionState, getRowId: (row: T) => string): T[] {
  return (rows ?? []).filter((row) => selection[getRowId(row)]);
}

export function useListSelection(key: string) {
  const [stored, setStored] = useState<KeyedSelection>({ key, rows: NO_SELECTION });
  const selection = selectionOf(stored, key);
  const setSelection = useCallback((updater: Updater<RowSelectionState>) => setStored((previous) => selectionUpdate(previous, key, updater)), [key]);
  const clear = useCallback(() => setStored({ key, rows: NO_SELECTION }), [key]);
  return { selection, setSelection, clear };
}
