import type { ColumnDef } from '@/components/data-table/types';
import { afterEach, describe, expect, it } from 'vitest';
import { foldOrder, isStickyEnd, lastResortOrder, prioritize } from '../data-table/fit';
import { Table } from '../data-table/Table';
import { byText, click, render } from './render';
import { fakeTableLayout } from './tableLayout';

interface Row {
  id: number;
  no: string;
  name: string;
  phone: string;
  note: string;
}
const rows: Row[] = [
  { id: 1, no: 'ZL001', name: '张三', phone: '138', note: '备注一' },
  { id: 2, no: 'ZL002', name: '李四', phone: '139', note: '备注二' },
];
const columns: ColumnDef<Row, unknown>[] = prioritize(
  [
    { id: 'no', header: '订单号', cell: ({ row }) => row.original.no },
    { id: 'name', header: '客户', cell: ({ row }) => row.original.name },
    { id: 'phone', header: '手机号', cell: ({ row }) => row.original.phone },
    { id: 'note', header: '备注', cell: ({ row }) => row.original.note },
    { id: 'actions', header: '操作', cell: () => <button type="button">查看</button> },
  ],
  { name: 1, note: 3 },
);

const card = fakeTableLayout();

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

const headers = (container: HTMLElement) => [...container.querySelectorAll('thead th')].map((th) => th.getAttribute('data-column'));

describe('fold order', () => {
  it('folds the highest priority number first, among equals the rightmost; never the first column, priority 1 or the actions', () => {
    expect(foldOrder([{ id: 'no' }, { id: 'a' }, { id: 'b', meta: { priority: 3 } }, { id: 'c' }, { id: 'keep', meta: { priority: 1 } }, { id: 'actions' }, { id: 'ops', meta: { sticky: 'end' } }])).toEqual(['b', 'c', 'a']);
    // A screen's own checkboxes come first: the column after them names the row.
    expect(foldOrder([{ id: 'select' }, { id: 'goods' }, { id: 'stock' }])).toEqual(['stock']);
    expect(isStickyEnd('actions')).toBe(true);
    expect(isStickyEnd('ops', { sticky: 'end' })).toBe(true);
    expect(isStickyEnd('name')).toBe(false);
    // Tight on a phone and still too wide: the other priority-1 columns, the rightmost first.
    expect(lastResortOrder([{ id: 'select' }, { id: 'no' }, { id: 'a' }, { id: 'keep', meta: { priority: 1 } }, { id: 'state', meta: { priority: 1 } }, { id: 'grid', meta: { priority: 0 } }, { id: 'actions' }])).toEqual(['state', 'keep']);
  });

  it('prioritize sets priorities by id and leaves the other columns as they were', () => {
    const plain: { id: string; header?: string; meta?: object } = { id: 'x', header: 'X' };
    const [x, y] = prioritize([plain, { id: 'y', meta: { sticky: 'end' } }], { y: 4 });
    expect(x).toBe(plain);
    expect(y!.meta).toEqual({ sticky: 'end', priority: 4 });
  });
});

describe('Table that fits', () => {
  it('shows every column when the card is wide enough, each cell named by its column, the actions sticky', async () => {
    card.width = 2000;
    const view = await render(<Table label="订单" columns={columns} data={rows} getRowId={(row) => String(row.id)} />);
    cleanup = view.unmount;
    expect(headers(view.container)).toEqual(['no', 'name', 'phone', 'note', 'actions']);
    expect(view.container.querySelector('tbody td[data-column="note"]')!.textContent).toBe('备注一');
    expect(view.container.querySelector('td[data-column="actions"]')!.className).toContain('sticky');
    expect(view.container.querySelector('table')!.className).toContain('w-max');
    expect(byText(view.container, 'button', '')).toBeUndefined();
  });

  it('folds the least important columns into a details line each row opens, and all rows at once', async () => {
    // 5 × 200 = 1000 px in 700: the note (priority 3), then the phone, fold; the name (1) stays.
    card.width = 700;
    const view = await render(<Table label="订单" columns={columns} data={rows} getRowId={(row) => String(row.id)} />);
    cleanup = view.unmount;
    expect(headers(view.container)).toEqual(['no', 'name', 'actions']);
    expect(view.container.querySelector('table')!.getAttribute('data-folded')).toBe('note phone');
    // The toggle sits in the row's last cell, beside its actions: the row keeps its cells.
    expect(view.container.querySelector('tbody tr')!.querySelectorAll('td')).toHaveLength(3);
    expect(view.container.querySelector('tbody td')!.textContent).toBe('ZL001');
    expect(view.container.querySelector('tbody td[data-column="actions"] button[aria-label="展开详情"]')).not.toBeNull();
    expect(view.container.querySelector('thead th[data-column="actions"] button[aria-label="全部展开"]')).not.toBeNull();
    expect(view.container.querySelector('[data-row-details]')).toBeNull();

    const toggle = view.container.querySelector<HTMLButtonElement>('tbody button[aria-label="展开详情"]')!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await click(toggle);
    const details = view.container.querySelectorAll('[data-row-details]');
    expect(details).toHaveLength(1);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe('收起详情');
    expect(toggle.getAttribute('aria-controls')).toBe(details[0]!.id);
    // The folded cells in the columns' order, each under its header.
    expect([...details[0]!.querySelectorAll('[data-column]')].map((cell) => cell.getAttribute('data-column'))).toEqual(['phone', 'note']);
    expect(details[0]!.querySelector('[data-column="note"] dt')!.textContent).toBe('备注');
    expect(details[0]!.querySelector('[data-column="note"] dd')!.textContent).toBe('备注一');
    expect(details[0]!.querySelector('td')!.getAttribute('colspan')).toBe('3');

    await click(view.container.querySelector('thead button[aria-label="全部展开"]'));
    expect(view.container.querySelectorAll('[data-row-details]')).toHaveLength(2);
    await click(view.container.querySelector('thead button[aria-label="全部收起"]'));
    expect(view.container.querySelectorAll('[data-row-details]')).toHaveLength(0);
  });

  it('is laid out tight when all it may fold is folded and it still does not fit: tighter cells, narrower actions', async () => {
    // 3 × 200 px left after folding the note and the phone, in a 300 px card (a phone): tight,
    // and still too wide, the name (priority 1) folds too; the order number and actions stay.
    card.width = 300;
    const view = await render(<Table label="订单" columns={columns} data={rows} getRowId={(row) => String(row.id)} />);
    cleanup = view.unmount;
    const table = view.container.querySelector('table')!;
    expect(headers(view.container)).toEqual(['no', 'actions']);
    expect(table.getAttribute('data-folded')).toBe('note phone name');
    expect(table.getAttribute('data-tight')).toBe('true');
    expect(table.className).toContain('w-full');
    expect(table.className).not.toContain('w-max');
    expect(view.container.querySelector('tbody td[data-column="no"]')!.className).toContain('px-3');
    expect(view.container.querySelector('tbody td[data-column="actions"] > div')!.className).toContain('max-w-[7.5rem]');
    // A wide card again: measured afresh, nothing folded, not tight.
    card.width = 2000;
    await view.rerender(<Table label="订单" columns={columns} data={[...rows]} getRowId={(row) => String(row.id)} />);
    expect(view.container.querySelector('table')!.hasAttribute('data-tight')).toBe(false);
    expect(headers(view.container)).toEqual(['no', 'name', 'phone', 'note', 'actions']);
  });

  it('measures again for new rows, folding only what no longer fits', async () => {
    card.width = 700;
    const view = await render(<Table label="订单" columns={columns} data={rows} getRowId={(row) => String(row.id)} />);
    cleanup = view.unmount;
    expect(headers(view.container)).toEqual(['no', 'name', 'actions']);
    card.width = 2000;
    await view.rerender(<Table label="订单" columns={columns} data={[...rows]} getRowId={(row) => String(row.id)} />);
    expect(headers(view.container)).toEqual(['no', 'name', 'phone', 'note', 'actions']);
  });

  it('lets a column name its rows (row headers) and a bare figure its cell, in tighter cells when compact', async () => {
    card.width = 2000;
    const named: ColumnDef<Row, unknown>[] = [
      { id: 'no', header: '订单号', meta: { rowHeader: true }, cell: ({ row }) => row.original.no },
      { id: 'phone', header: '手机号', cellLabel: (row) => `手机号（${row.no}）`, cell: ({ row }) => row.original.phone },
    ];
    const view = await render(<Table compact label="订单" columns={named} data={rows} getRowId={(row) => String(row.id)} />);
    cleanup = view.unmount;
    const first = view.container.querySelector('tbody tr')!;
    const header = first.querySelector('th')!;
    expect(header.getAttribute('scope')).toBe('row');
    expect(header.getAttribute('data-column')).toBe('no');
    expect(header.textContent).toBe('ZL001');
    expect(first.querySelectorAll('td')).toHaveLength(1);
    const phone = first.querySelector('td[data-column="phone"]')!;
    expect(phone.getAttribute('aria-label')).toBe('手机号（ZL001）');
    expect(phone.className).toContain('px-3 py-2');
    // Without either, cells are plain and unnamed.
    await view.rerender(<Table label="订单" columns={columns} data={rows} getRowId={(row) => String(row.id)} />);
    expect(view.container.querySelectorAll('tbody th')).toHaveLength(0);
    expect(view.container.querySelector('tbody td[data-column="phone"]')!.hasAttribute('aria-label')).toBe(false);
    expect(view.container.querySelector('tbody td[data-column="phone"]')!.className).toContain('px-4 py-3');
  });
});
