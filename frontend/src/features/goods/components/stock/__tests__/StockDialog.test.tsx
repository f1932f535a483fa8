import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, byText, click, render, settle } from '@/components/__tests__/render';
import { fakeTableLayout } from '@/components/__tests__/tableLayout';
import { StockDialog } from '../StockDialog';

const COUNTED = { tracked: false, in_stock: null, reserved: null };
const SKUS = [
  { sku_id: 1, specs: { 颜色: '黑色' }, code: 'TAB-B', stock: 3, ...COUNTED },
  { sku_id: 2, specs: { 颜色: '白色' }, code: 'TAB-W', stock: 2, ...COUNTED },
];
// A SKU tracked by unit: 8 units in stock, 3 held for orders not shipped yet.
const TRACKED = { sku_id: 3, specs: { 颜色: '蓝色' }, code: 'TAB-U', stock: 5, tracked: true, in_stock: 8, reserved: 3 };

// The session's rights (the links to units and receipts follow them).
const session = vi.hoisted(() => ({ auth: [{ action: 'goods.edit' }, { action: 'asset.view' }, { action: 'asset.receive' }] as { action: string }[] }));
vi.mock('@/components/GlobalStateProvider', () => ({ useGlobalState: (select: (state: unknown) => unknown) => select({ platformType: 0, auth: session.auth }) }));
vi.mock('next/link', async () => (await import('@/components/__tests__/mocks')).nextLinkMock);

const card = fakeTableLayout((th) => th.getAttribute('scope') === 'col');

let cleanup: () => Promise<void> = async () => undefined;
afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

async function open(rows: readonly object[] = SKUS) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.includes('/getSkuStock')) return answer(rows);
    if (url.includes('/updateSkuStock')) {
      const body = JSON.parse(String(init?.body)) as { sku_id: number; quantity: number };
      if (body.quantity < -2) return answer(null, 1208, '库存不足');
      const sku = SKUS.find((row) => row.sku_id === body.sku_id)!;
      return answer({ ...sku, stock: sku.stock + body.quantity });
    }
    return answer(null, 404, `unexpected ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onUpdated = vi.fn();
  const view = await render(
    <QueryClientProvider client={client}>
      <StockDialog goods={{ id: 9, title: '平板' }} onClose={vi.fn()} onUpdated={onUpdated} />
    </QueryClientProvider>,
  );
  cleanup = view.unmount;
  for (let round = 0; round < 3; round += 1) await settle();
  return { fetchMock, onUpdated };
}

const table = () => document.querySelector<HTMLTableElement>('table[aria-label="SKU 库存"]')!;
const rowOf = (sku: string) => [...table().querySelectorAll<HTMLTableRowElement>('tbody tr')].find((row) => row.querySelector('th[scope="row"]')?.textContent?.startsWith(sku))!;

async function change(sku: string, quantity: string) {
  const input = document.querySelector<HTMLInputElement>(`input[id="${byText(document.body, 'label', `数量（${sku}）`)!.getAttribute('for')}"]`)!;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, quantity);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await click(document.querySelector(`button[aria-label="确定调整 ${sku}"]`));
  for (let round = 0; round < 3; round += 1) await settle();
}

describe('StockDialog', () => {
  it('names each row by its SKU and each figure by the SKU; a change and a refusal stay beside their SKU', async () => {
    card.width = 2000;
    const { onUpdated } = await open();
    expect(table().querySelector('td[aria-label="当前库存（黑色）"]')!.textContent).toBe('3');

    await change('黑色', '5');
    expect(table().querySelector('td[aria-label="当前库存（黑色）"]')!.textContent).toBe('8');
    expect(rowOf('黑色').querySelector('[role="status"]')!.textContent).toContain('8');
    expect(onUpdated).toHaveBeenCalledWith(expect.objectContaining({ sku_id: 1, stock: 8 }));

    await change('白色', '0');
    expect(rowOf('白色').querySelector('[role="alert"]')!.textContent).toBe('增减数量不能为 0');
    await change('白色', '-9');
    expect(rowOf('白色').querySelector('[role="alert"]')!.textContent).toContain('库存不足');
    expect(rowOf('黑色').querySelector('[role="alert"]')).toBeNull();
  });

  it('on a narrow screen folds the change form into the row’s details, which keeps what was typed and said when the figures come back', async () => {
    // Three columns of 200 px in 500: the change folds, the SKU and its stock stay.
    card.width = 500;
    await open();
    expect([...table().querySelectorAll('thead th')].map((th) => th.getAttribute('data-column'))).toEqual(['specs', 'current']);
    await click(rowOf('黑色').querySelector('button[aria-label="展开详情"]'));
    await change('黑色', '5');
    // The new figures were measured again (the form moved out of the details and back): the outcome is still there.
    expect(table().querySelector('td[aria-label="当前库存（黑色）"]')!.textContent).toBe('8');
    const details = table().querySelector('[data-row-details]')!;
    expect(details.querySelector('[role="status"]')!.textContent).toContain('8');
  });

  it('says a tracked SKU’s available stock with its units in stock and reservations, and offers no add or set for it, only where its units change', async () => {
    card.width = 2000;
    const { fetchMock } = await open([...SKUS, TRACKED]);
    expect(table().querySelector('td[aria-label="当前库存（蓝色）"]')!.textContent).toBe('可租 5（在库 8，订单预留 3）');
    const tracked = rowOf('蓝色');
    expect(tracked.querySelector('select, input, button')).toBeNull();
    expect(document.querySelector('[aria-label="调整方式（蓝色）"]')).toBeNull();
    expect(tracked.textContent).toContain('按台管理：库存来自入库的设备');
    expect(tracked.querySelector('a[aria-label="调整设备（蓝色）"]')!.getAttribute('href')).toBe('/assets?sku_id=3');
    expect(byText(tracked, 'a', '入库单收货')!.getAttribute('href')).toBe('/stockReceipts');
    // Both kinds' hints: how to add or set a counted SKU, where a tracked SKU's figure comes from.
    const dialog = document.querySelector('[role="dialog"]')!;
    expect(dialog.textContent).toContain('“增减”填正数入库');
    expect(dialog.textContent).toContain('可租 = 在库设备 − 订单预留');

    // The counted SKUs keep their change form.
    await change('黑色', '5');
    expect(table().querySelector('td[aria-label="当前库存（黑色）"]')!.textContent).toBe('8');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/updateSkuStock'))).toHaveLength(1);
  });

  it('shows only the tracked hint for tracked SKUs, and says which right a missing link needs', async () => {
    card.width = 2000;
    session.auth = [{ action: 'goods.edit' }];
    try {
      await open([TRACKED]);
      const dialog = document.querySelector('[role="dialog"]')!;
      expect(dialog.textContent).not.toContain('“增减”填正数入库');
      expect(dialog.textContent).toContain('可租 = 在库设备 − 订单预留');
      const tracked = rowOf('蓝色');
      expect(tracked.querySelector('a')).toBeNull();
      expect(tracked.textContent).toContain('调整设备需要“查看设备”权限');
      expect(tracked.textContent).toContain('入库单收货需要“采购入库”权限');
    } finally {
      session.auth = [{ action: 'goods.edit' }, { action: 'asset.view' }, { action: 'asset.receive' }];
    }
  });

  it('on a narrow screen keeps a tracked SKU’s figures in the row and its links in the details', async () => {
    card.width = 500;
    await open([TRACKED]);
    expect(table().querySelector('td[aria-label="当前库存（蓝色）"]')!.textContent).toBe('可租 5（在库 8，订单预留 3）');
    await click(rowOf('蓝色').querySelector('button[aria-label="展开详情"]'));
    const details = table().querySelector('[data-row-details]')!;
    expect(details.querySelector('a[aria-label="调整设备（蓝色）"]')).not.toBeNull();
  });
});
