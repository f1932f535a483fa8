import type { ColumnDef } from '@/components/data-table/types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable } from '../data-table/DataTable';
import { Pagination } from '../data-table/Pagination';
import { TableEmpty } from '../data-table/TableStates';
import { byText, click, render } from './render';

interface Row {
  id: number;
  name: string;
}
const columns: ColumnDef<Row, unknown>[] = [{ id: 'name', header: '名称', cell: ({ row }) => row.original.name }];
const base = { label: '商户列表', columns, getRowId: (row: Row) => String(row.id), errorTitle: '商户加载失败', empty: <TableEmpty title="还没有商户" />, isError: false, isPending: false, onRetry: () => undefined };

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

describe('DataTable', () => {
  it('shows a skeleton with the column headers while the first page loads', async () => {
    const view = await render(<DataTable {...base} rows={undefined} isPending />);
    cleanup = view.unmount;
    expect(view.container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(view.container.querySelector('th')!.textContent).toBe('名称');
    expect(view.container.querySelector('tbody td div')).not.toBeNull();
  });

  it('shows the error with a retry that calls back', async () => {
    const onRetry = vi.fn();
    const view = await render(<DataTable {...base} rows={undefined} isError onRetry={onRetry} />);
    cleanup = view.unmount;
    expect(view.container.querySelector('[role="alert"]')!.textContent).toContain('商户加载失败');
    await click(byText(view.container, 'button', '重试'));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('shows the empty state for no rows, and rows in cells that wrap long text', async () => {
    const view = await render(<DataTable {...base} rows={[]} />);
    cleanup = view.unmount;
    expect(view.container.textContent).toContain('还没有商户');
    await view.rerender(<DataTable {...base} rows={[{ id: 1, name: '0'.repeat(100) }]} footer={<p>footer</p>} />);
    const cell = view.container.querySelector('td')!;
    expect(cell.className).toContain('overflow-wrap:anywhere');
    expect(view.container.querySelector('[data-scroll-x]')!.className).toContain('overflow-x-auto');
    expect(view.container.textContent).toContain('footer');
  });
});

describe('Pagination', () => {
  it('moves between pages, changes the page size and stops at the ends', async () => {
    const onChange = vi.fn();
    const view = await render(<Pagination page={1} pageSize={20} total={45} onChange={onChange} />);
    cleanup = view.unmount;
    expect(view.container.textContent).toContain('共 45 条');
    expect(view.container.textContent).toContain('第 1 / 3 页');
    expect(byText(view.container, 'button', '上一页')!.hasAttribute('disabled')).toBe(true);
    await click(byText(view.container, 'button', '下一页'));
    expect(onChange).toHaveBeenLastCalledWith({ page: 2 });
    await view.rerender(<Pagination page={1} pageSize={10} total={45} sizes={null} onChange={onChange} />);
    expect(view.container.querySelector('select')).toBeNull();
  });

  it('shows a total the list stopped counting at as a lower bound and keeps the next page open', async () => {
    const onChange = vi.fn();
    const view = await render(<Pagination page={500} pageSize={20} total={10000} capped onChange={onChange} />);
    cleanup = view.unmount;
    expect(view.container.textContent).toContain('共 10000+ 条');
    expect(view.container.textContent).toContain('第 500 / 500+ 页');
    await click(byText(view.container, 'button', '下一页'));
    expect(onChange).toHaveBeenLastCalledWith({ page: 501 });
    await view.rerender(<Pagination page={500} pageSize={20} total={10000} onChange={onChange} />);
    expect(byText(view.container, 'button', '下一页')!.hasAttribute('disabled')).toBe(true);
  });
});
