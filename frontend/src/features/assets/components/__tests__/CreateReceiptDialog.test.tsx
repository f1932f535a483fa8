import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, byText, click, render, type, until, withQueryClient } from '@/components/__tests__/render';
import { CreateReceiptDialog } from '../CreateReceiptDialog';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

type Call = { url: string; body: Record<string, unknown> | null };

/** The backend the dialog talks to: the shop's suppliers, its goods tracked by unit and their SKUs; every call kept. */
function backend() {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
      calls.push({ url, body });
      if (url.includes('getSupplierList')) return answer({ list: [{ id: 3, name: '华强北供应链', contact: '', phone: '', note: '', unit_count: 0, created_at: '2026-11-20T10:00:00+08:00' }], total: 1, page: 1, page_size: 100 });
      if (url.includes('goodsList')) return answer({ list: [{ id: 5, title: 'iPhone 15' }], total: 1, page: 1, page_size: 50 });
      if (url.includes('getSkuStock')) {
        return answer([
          { sku_id: 11, specs: { 颜色: '黑' }, code: '', stock: 0, tracked: true },
          { sku_id: 12, specs: { 颜色: '白' }, code: '', stock: 0, tracked: true },
        ]);
      }
      if (url.includes('createStockReceipt')) return answer({ id: 8 });
      return answer(null, 404, `unexpected ${url}`);
    }),
  );
  return calls;
}

async function choose(select: HTMLSelectElement | null | undefined, value: string) {
  if (!select) throw new Error('no such select');
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

const line = (n: number) => document.querySelector(`[data-receipt-line="${n}"]`) as HTMLElement;
const fineness = (n: number) => line(n).querySelector('select[data-receipt-fineness]') as HTMLSelectElement;
const labelled = (n: number, label: string) => {
  const field = [...line(n).querySelectorAll('label')].find((element) => element.textContent === label);
  return document.getElementById(field?.htmlFor ?? '') as HTMLInputElement;
};

/** Line `n`: goods iPhone 15, the SKU `skuId`, a quantity and a unit cost. */
async function fill(n: number, skuId: number, quantity: string, cost: string) {
  const [goods, sku] = [...line(n).querySelectorAll('[data-sku-picker] select')] as HTMLSelectElement[];
  await until(() => goods!.options.length > 1);
  await choose(goods, '5');
  await until(() => sku!.options.length > 2);
  await choose(sku, String(skuId));
  await type(labelled(n, '数量'), quantity);
  await type(labelled(n, '单台成本（元）'), cost);
}

describe('CreateReceiptDialog: the fineness of a line (成色)', () => {
  it('offers the goods’ own fineness first (the default) and the five grades, and sends each line’s choice', async () => {
    const calls = backend();
    const onCreated = vi.fn();
    const view = await render(withQueryClient(<CreateReceiptDialog open onClose={() => undefined} onCreated={onCreated} />));
    cleanup = view.unmount;

    // Offered: the goods' own (value '') then every grade, by its name.
    expect([...fineness(1).options].map((option) => [option.value, option.textContent])).toEqual([
      ['', '按商品成色'],
      ['new', '全新'],
      ['99', '99新'],
      ['95', '95新'],
      ['90', '9成新'],
      ['80', '8成新'],
    ]);
    // A new line takes the goods' own fineness, and says nothing about a used purchase.
    expect(fineness(1).value).toBe('');
    expect(line(1).textContent).not.toContain('二手采购');

    const suppliers = document.querySelector('[data-supplier-picker] select') as HTMLSelectElement;
    await until(() => suppliers.options.length > 1);
    await choose(suppliers, '3');
    await fill(1, 11, '2', '4999');
    await click(byText(document, 'button', '添加一行'));
    expect(fineness(2).value).toBe('');
    await fill(2, 12, '1', '2600');
    // A used purchase on line 2: received at 95新, and the line says so.
    await choose(fineness(2), '95');
    expect(fineness(2).value).toBe('95');
    expect(line(2).textContent).toContain('二手采购：按此成色入库');
    expect(fineness(1).value).toBe('');

    await click(byText(document, 'button', '创建'));
    await until(() => onCreated.mock.calls.length === 1);
    const sent = calls.filter((call) => call.url.includes('createStockReceipt'));
    expect(sent).toHaveLength(1);
    expect((sent[0]!.body!.lines as Record<string, unknown>[]).map(({ sku_id, expected_quantity, unit_cost, fineness: chosen }) => ({ sku_id, expected_quantity, unit_cost, fineness: chosen }))).toEqual([
      { sku_id: 11, expected_quantity: 2, unit_cost: '4999.00', fineness: '' },
      { sku_id: 12, expected_quantity: 1, unit_cost: '2600.00', fineness: '95' },
    ]);
    expect(onCreated).toHaveBeenCalledWith(8);
  });

  it('sends the goods’ own fineness again when a chosen grade is set back', async () => {
    const calls = backend();
    const view = await render(withQueryClient(<CreateReceiptDialog open onClose={() => undefined} onCreated={() => undefined} />));
    cleanup = view.unmount;
    const suppliers = document.querySelector('[data-supplier-picker] select') as HTMLSelectElement;
    await until(() => suppliers.options.length > 1);
    await choose(suppliers, '3');
    await fill(1, 11, '1', '100');
    await choose(fineness(1), '80');
    await choose(fineness(1), '');
    expect(line(1).textContent).not.toContain('二手采购');
    await click(byText(document, 'button', '创建'));
    await until(() => calls.some((call) => call.url.includes('createStockReceipt')));
    const body = calls.find((call) => call.url.includes('createStockReceipt'))!.body!;
    expect((body.lines as Record<string, unknown>[])[0]!.fineness).toBe('');
  });
});
