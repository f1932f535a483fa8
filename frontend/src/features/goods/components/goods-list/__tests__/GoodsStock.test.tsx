import { afterEach, describe, expect, it } from 'vitest';
import { render } from '@/components/__tests__/render';
import type { GoodsRow } from '../../../types';
import { GoodsStock } from '../columns';

const row = (patch: Partial<GoodsRow>) => ({ id: 1, title: '平板', sku_count: 1, total_stock: 5, tracked_stock: null, ...patch }) as GoodsRow;

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

async function shown(goods: GoodsRow) {
  const view = await render(<GoodsStock row={goods} />);
  cleanup = view.unmount;
  return view.container.textContent;
}

describe('GoodsStock (the goods list’s stock column)', () => {
  it('shows a counted goods item’s stock as its number', async () => {
    expect(await shown(row({ total_stock: 12 }))).toBe('12');
  });

  it('says for goods tracked by unit what can be ordered, the units in stock and what orders hold', async () => {
    const tracked = { sku_count: 2, available: 391, in_stock: 412, reserved: 21 };
    expect(await shown(row({ sku_count: 2, total_stock: 391, tracked_stock: tracked }))).toBe('可租 391（在库 412，订单预留 21）');
  });

  it('names the tracked part of goods with counted SKUs too', async () => {
    const tracked = { sku_count: 1, available: 5, in_stock: 8, reserved: 3 };
    expect(await shown(row({ sku_count: 3, total_stock: 9, tracked_stock: tracked }))).toBe('9其中按台管理 1 个规格：可租 5（在库 8，订单预留 3）');
  });
});
