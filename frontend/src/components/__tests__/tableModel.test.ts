import { describe, expect, it, vi } from 'vitest';
import { columnId, selectionApi, type RowSelectionState, type Updater } from '@/components/data-table/types';

interface Row {
  code: string;
}

const rows: Row[] = [{ code: 'a' }, { code: 'b' }, { code: 'c' }];
const rowId = (row: Row) => row.code;
const box = (checked: boolean) => ({ target: { checked } });
const apply = (updater: Updater<RowSelectionState>, current: RowSelectionState) => (typeof updater === 'function' ? updater(current) : updater);

describe('the kit table model', () => {
  it('names a column by its id, else by its header text, else by its place', () => {
    expect(columnId({ id: 'amount', header: '金额' }, 3)).toBe('amount');
    expect(columnId({ header: '金额' }, 3)).toBe('金额');
    expect(columnId({ header: () => null }, 3)).toBe('3');
  });

  it('says whether all or some rows of the page are selected', () => {
    const change = vi.fn();
    expect(selectionApi(rows, rowId, {}, change).table.getIsSomeRowsSelected()).toBe(false);
    const some = selectionApi(rows, rowId, { b: true, z: true }, change).table;
    expect([some.getIsAllRowsSelected(), some.getIsSomeRowsSelected()]).toEqual([false, true]);
    const all = selectionApi(rows, rowId, { a: true, b: true, c: true }, change).table;
    expect([all.getIsAllRowsSelected(), all.getIsSomeRowsSelected()]).toEqual([true, false]);
    // No handler, nothing selectable: never "all".
    expect(selectionApi(rows, rowId, { a: true, b: true, c: true }, undefined).table.getIsAllRowsSelected()).toBe(false);
    expect(selectionApi([], rowId, {}, change).table.getIsAllRowsSelected()).toBe(false);
  });

  it('selects and unselects one row or the page, keeping rows of other pages', () => {
    const change = vi.fn();
    const { table, row } = selectionApi(rows, rowId, {}, change);
    const b = row(rows[1]!, 1);
    expect([b.id, b.index, b.getCanSelect(), b.getIsSelected()]).toEqual(['b', 1, true, false]);
    b.getToggleSelectedHandler()(box(true));
    expect(apply(change.mock.calls[0]![0], { z: true })).toEqual({ z: true, b: true });
    b.getToggleSelectedHandler()(box(false));
    expect(apply(change.mock.calls[1]![0], { z: true, b: true })).toEqual({ z: true });
    table.getToggleAllRowsSelectedHandler()(box(true));
    expect(apply(change.mock.calls[2]![0], { z: true })).toEqual({ z: true, a: true, b: true, c: true });
    table.getToggleAllRowsSelectedHandler()(box(false));
    expect(apply(change.mock.calls[3]![0], { z: true, a: true, c: true })).toEqual({ z: true });
    expect(selectionApi(rows, rowId, {}, undefined).row(rows[0]!, 0).getCanSelect()).toBe(false);
  });
});
