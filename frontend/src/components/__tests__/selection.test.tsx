import type { ColumnDef } from '@/components/data-table/types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable } from '../data-table/DataTable';
import { selectedRows, selectionOf, selectionUpdate, type KeyedSelection } from '../data-table/selection';
import { TableEmpty } from '../data-table/TableStates';
import { click, render } from './render';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

interface Row {
  id: number;
  name: string;
}
const rows: Row[] = [
  { id: 1, name: '甲' },
  { id: 2, name: '乙' },
  { id: 3, name: '丙' },
];
const rowId = (row: Row) => String(row.id);

describe('a list selection', () => {
  it('belongs to the query it was made on: another page or filter starts empty', () => {
    let stored: KeyedSelection = { key: 'page=1', rows: {} };
    stored = selectionUpdate(stored, 'page=1', { '1': true, '2': true });
    expect(selectionOf(stored, 'page=1')).toEqual({ '1': true, '2': true });
    expect(selectionOf(stored, 'page=2')).toEqual({});
    // An updater on another query starts from nothing, not from the other page's rows.
    stored = selectionUpdate(stored, 'page=2', (current) => ({ ...current, '3': true }));
    expect(stored).toEqual({ key: 'page=2', rows: { '3': true } });
  });

  it('keeps only selected rows, and answers them in the list’s order', () => {
    const stored = selectionUpdate({ key: 'k', rows: {} }, 'k', { '3': true, '1': true, '2': false });
    expect(stored.rows).toEqual({ '3': true, '1': true });
    expect(selectedRows(rows, stored.rows, rowId).map((row) => row.name)).toEqual(['甲', '丙']);
    expect(selectedRows(undefined, stored.rows, rowId)).toEqual([]);
    expect(selectedRows(rows, { '9': true }, rowId)).toEqual([]);
  });
});

describe('DataTable with selection', () => {
  const columns: ColumnDef<Row, unknown>[] = [{ id: 'name', header: '名称', cell: ({ row }) => row.original.name }];
  const base = { label: '列表', columns, getRowId: rowId, errorTitle: '失败', empty: <TableEmpty title="空" />, isError: false, isPending: false, onRetry: () => undefined };
  const selectLabels = { all: '选择全部', row: (row: Row) => `选择 ${row.name}` };

  it('adds a named checkbox per row and one for the page, reporting changes', async () => {
    const onChange = vi.fn();
    const view = await render(<DataTable {...base} rows={rows} rowSelection={{ '2': true }} onRowSelectionChange={onChange} selectLabels={selectLabels} />);
    cleanup = view.unmount;
    const box = (name: string) => view.container.querySelector<HTMLInputElement>(`input[aria-label="${name}"]`)!;
    expect(box('选择 乙').checked).toBe(true);
    expect(box('选择全部').indeterminate).toBe(true);
    expect(view.container.querySelector('tr[aria-selected="true"]')!.textContent).toContain('乙');
    await click(box('选择 甲'));
    const updater = onChange.mock.calls[0]![0];
    expect(typeof updater === 'function' ? updater({ '2': true }) : updater).toEqual({ '1': true, '2': true });
    await click(box('选择全部'));
    const all = onChange.mock.calls[1]![0];
    expect(typeof all === 'function' ? all({ '2': true }) : all).toEqual({ '1': true, '2': true, '3': true });
  });

  it('stays as it was without labels: no checkbox column', async () => {
    const view = await render(<DataTable {...base} rows={rows} />);
    cleanup = view.unmount;
    expect(view.container.querySelector('input[type="checkbox"]')).toBeNull();
    expect(view.container.querySelectorAll('th')).toHaveLength(1);
  });
});
