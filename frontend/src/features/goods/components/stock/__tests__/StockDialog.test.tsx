import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, byText, click, render, settle } from '@/components/__tests__/render';
import { fakeTableLayout } from '@/components/__tests__/tableLayout';
import { StockDialog } from '../StockDialog';

const SKUS = [
  { sku_id: 1, specs: { 颜色: '黑色' }, code: 'TAB-B', stock: 3 },
  { sku_id: 2, specs: { 颜色: '白色' }, code: 'TAB-W', stock: 2 },
];

const card = fakeTableLayout((th) => th.getAttribute('scope') === 'col');

let cleanup: () => Promise<void> = async () => undefined;
afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

async function open() {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.includes('/getSkuStock')) return answer(SKUS);
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
});
