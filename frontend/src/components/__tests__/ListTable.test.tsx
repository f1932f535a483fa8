import type { ColumnDef, RowSelectionState, Updater } from '@/components/data-table/types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListTable, type PagedListQuery } from '../data-table/ListTable';
import { TableEmpty } from '../data-table/TableStates';
import { byText, click, render } from './render';

interface Row {
  id: number;
  name: string;
}
const columns: ColumnDef<Row, unknown>[] = [{ id: 'name', header: '名称', cell: ({ row }) => row.original.name }];
const empty = <TableEmpty title="还没有商户" />;

function answered(list: Row[], total: number): PagedListQuery<Row> {
  return { data: { list, total }, isPending: false, isPlaceholderData: false, isError: false, refetch: () => undefined };
}

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

describe('ListTable', () => {
  it('names the table and its error after the namespace given as texts', async () => {
    const failed = { ...answered([], 0), data: undefined, isError: true };
    const view = await render(<ListTable texts="merchant.list" columns={columns} query={failed} paging={{ state: { page: 1, page_size: 20 }, update: () => undefined }} empty={empty} />);
    cleanup = view.unmount;
    expect(view.container.querySelector('[role="alert"]')!.textContent).toContain('商户列表加载失败');
    await view.rerender(<ListTable texts="merchant.list" columns={columns} query={answered([{ id: 7, name: '七号' }], 1)} paging={{ state: { page: 1, page_size: 20 }, update: () => undefined }} empty={empty} />);
    expect(view.container.querySelector('table')!.getAttribute('aria-label')).toBe('商户列表');
  });

  it('puts the pager at the paging state and moves it through its update', async () => {
    const update = vi.fn();
    const view = await render(<ListTable label="商户" errorTitle="加载失败" columns={columns} query={answered([{ id: 7, name: '七号' }], 45)} paging={{ state: { page: 2, page_size: 20 }, update }} empty={empty} />);
    cleanup = view.unmount;
    expect(view.container.textContent).toContain('第 2 / 3 页');
    await click(byText(view.container, 'button', '下一页'));
    expect(update).toHaveBeenLastCalledWith({ page: 3 });
  });

  it('tells rows apart by their id unless the screen says otherwise', async () => {
    let selection: RowSelectionState = {};
    const onRowSelectionChange = (updater: Updater<RowSelectionState>) => (selection = typeof updater === 'function' ? updater(selection) : updater);
    const labels = { all: '全选', row: (row: Row) => `选择 ${row.name}` };
    const view = await render(<ListTable label="商户" errorTitle="加载失败" columns={columns} query={answered([{ id: 7, name: '七号' }], 1)} paging={{ state: undefined, update: () => undefined }} empty={empty} rowSelection={{}} onRowSelectionChange={onRowSelectionChange} selectLabels={labels} />);
    cleanup = view.unmount;
    await click(view.container.querySelector('input[aria-label="选择 七号"]'));
    expect(selection).toEqual({ '7': true });
  });
});
