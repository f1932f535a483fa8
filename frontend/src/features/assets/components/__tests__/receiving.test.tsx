import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, byText, click, render, settle, until, withQueryClient } from '@/components/__tests__/render';
import { ReceiveDialog } from '../ReceiveDialog';
import { SkuPicker } from '../SkuPicker';
import { TransferDetailDialog } from '../TransferDetailDialog';

vi.mock('next/link', async () => (await import('@/components/__tests__/mocks')).nextLinkMock);

let cleanup: () => Promise<void> = async () => undefined;
afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

type Call = { url: string; body: Record<string, unknown> | null };

/** The backend: `route(url, body)` answers a call; every call is kept. */
function backend(route: (url: string, body: Record<string, unknown> | null) => Response) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
    calls.push({ url: String(url), body });
    return route(String(url), body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const scanField = () => document.querySelector('[data-scan-input] input') as HTMLInputElement;

async function scan(code: string) {
  const input = scanField();
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, code);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () => {
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
  });
  await until(() => Boolean(document.querySelector('[data-scan-results] li')) && !document.querySelector('[data-scan-input]')?.textContent?.includes('正在处理'));
}

const outcomes = () => [...document.querySelectorAll('[data-scan-results] li')].map((li) => `${li.getAttribute('data-scan-outcome')} ${li.textContent}`);

const unit = (id: number, patch: Record<string, unknown> = {}) => ({
  id, sku_id: 11, sku_name: '256G 黑色', goods_id: 5, goods_name: 'iPhone 15', serial_number: `SN${id}`, imei1: '', imei2: '', meid: '', grade: 'new', grade_label: '全新',
  status: 'in_stock', status_label: '在库', sub_shop_id: null, place_name: '总仓', cost: '4999.00', supplier_id: 3, supplier_name: '华强北供应链', receipt_id: 2, acquired_at: '2026-11-20T10:00:00+08:00',
  order_id: null, order_no: null, updated_at: '2026-11-20T10:00:00+08:00', ...patch,
});

describe('ReceiveDialog', () => {
  const line = (received: number) => ({ id: 31, sku_id: 11, sku_name: '256G 黑色', goods_name: 'iPhone 15', expected_quantity: 2, received_quantity: received, unit_cost: '4999.00', fineness: '' });
  const receipt = { id: 8, receipt_no: 'RK2026112700008', supplier_id: 3, supplier_name: '华强北供应链', receipt_date: '2026-11-27', invoice_no: '', attachment_path: '', status: 'open', status_label: '待入库', expected: 2, scanned: 0, total_cost: '9998.00', created_at: '2026-11-27T10:00:00+08:00', lines: [line(0)], units: [] };
  const TYPO = '353915110101048';

  it('refuses a mistyped IMEI saying why, and keeps it as a serial number only once the person confirms it is not an IMEI', async () => {
    const calls = backend((url, body) => {
      if (url.includes('getStockReceiptDetail')) return answer(receipt);
      if (url.includes('scanStockReceipt') && !body?.not_imei) {
        return answer({ fields: { code: ['IMEI 校验位不对：请重新扫描；若这不是 IMEI，确认后按序列号保存'] }, code: TYPO, confirm: 'not_imei' }, 400, `「${TYPO}」IMEI 校验位不对`);
      }
      if (url.includes('scanStockReceipt')) return answer({ unit: unit(70, { serial_number: TYPO }), line: line(1), expected: 2, scanned: 1 });
      return answer(null, 404, `unexpected ${url}`);
    });
    const view = await render(withQueryClient(<ReceiveDialog receiptId={8} canScan onClose={() => undefined} />));
    cleanup = view.unmount;
    await until(() => Boolean(scanField()));
    await scan(TYPO);
    expect(outcomes()).toEqual([`error 失败${TYPO}IMEI 校验位不对：请重新扫描；若这不是 IMEI，确认后按序列号保存这不是 IMEI，按序列号保存`]);
    const scans = () => calls.filter((call) => call.url.includes('scanStockReceipt'));
    expect(scans().map((call) => call.body)).toEqual([{ receipt_id: 8, line_id: 31, code: TYPO, not_imei: false }]);

    await click(document.querySelector('[data-scan-confirm]'));
    await until(() => outcomes()[0]?.startsWith('ok') ?? false);
    expect(scans()[1]?.body).toEqual({ receipt_id: 8, line_id: 31, code: TYPO, not_imei: true });
    expect(outcomes()[0]).toContain('已按序列号保存');
    expect(document.querySelector('[data-receipt-line="31"]')?.getAttribute('data-line-progress')).toBe('1/2');
  });

  it('lists the devices scanned into a received receipt, each linked to its page', async () => {
    const devices = [unit(72, { imei1: '860000000000072' }), unit(71)];
    backend((url) => (url.includes('getStockReceiptDetail') ? answer({ ...receipt, status: 'received', status_label: '已入库', scanned: 2, lines: [line(2)], units: devices }) : answer(null, 404, `unexpected ${url}`)));
    const view = await render(withQueryClient(<ReceiveDialog receiptId={8} canScan onClose={() => undefined} />));
    cleanup = view.unmount;
    await until(() => Boolean(document.querySelector('[data-receipt-units]')));
    const listed = document.querySelector('[data-receipt-units]');
    expect(listed?.querySelector('h3')?.textContent).toBe('已扫入的设备（2 台）');
    expect([...listed!.querySelectorAll('a[data-receipt-unit]')].map((a) => [a.getAttribute('href'), a.textContent])).toEqual([
      ['/assets/72', '860000000000072'],
      ['/assets/71', 'SN71'],
    ]);
    expect(listed?.textContent).toContain('SN72');
  });
});

describe('TransferDetailDialog', () => {
  const transfer = (statuses: string[], received = 0) => ({
    id: 12, from_sub_shop_id: null, from_name: '总仓', to_sub_shop_id: 7, to_name: '朝阳门店', status: statuses.includes('in_transit') ? 'in_transit' : 'received', status_label: '调拨中',
    unit_count: statuses.length, received_count: received, sent_at: '2026-11-27T10:00:00+08:00', received_at: null, sent_by: '仓管', received_by: '',
    units: statuses.map((status, index) => unit(index + 1, { status, status_label: status === 'in_transit' ? '调拨中' : '在库' })),
  });

  async function mount(route: (url: string, body: Record<string, unknown> | null) => Response, extra: { canTransfer?: boolean; ownSubShop?: { id: number } | null } = {}) {
    const calls = backend(route);
    const view = await render(withQueryClient(<TransferDetailDialog transferId={12} ownSubShop={extra.ownSubShop ?? { id: 7 }} canTransfer={extra.canTransfer ?? true} onClose={() => undefined} />));
    cleanup = view.unmount;
    await until(() => Boolean(document.querySelector('[data-transfer-detail]')));
    return () => calls.filter((call) => call.url.includes('receiveStockTransfer'));
  }

  it('receives the ticked units, the rest staying in transit; the button says why it waits', async () => {
    let answered = transfer(['in_transit', 'in_transit', 'in_transit']);
    const receives = await mount((url, body) => {
      if (url.includes('receiveStockTransfer')) {
        const ids = (body?.unit_ids as number[] | undefined) ?? [];
        answered = transfer(answered.units.map((row) => (ids.includes(row.id) ? 'in_stock' : row.status)), ids.length);
        return answer(answered);
      }
      return answer(answered);
    });
    const ticked = () => byText(document, 'button', /^收货所选/) as HTMLButtonElement;
    expect(ticked().disabled).toBe(true);
    expect(document.body.textContent).toContain('勾选要收货的设备，或扫码收货');
    expect(byText(document, 'button', '确认收货（3 台）')).toBeDefined();
    await click(document.querySelector('input[aria-label="选择设备 SN2"]'));
    expect(ticked().textContent).toBe('收货所选（1 台）');
    await click(ticked());
    await until(() => receives().length === 1 && document.querySelector('[data-transfer-received]')?.getAttribute('data-transfer-received') === '1/3');
    expect(receives()[0]?.body).toEqual({ id: 12, unit_ids: [2] });
    expect((document.querySelector('input[aria-label="选择设备 SN2"]') as HTMLInputElement).disabled).toBe(true);
    expect(byText(document, 'button', '确认收货（2 台）')).toBeDefined();
  });

  it('receives a unit by scan, and says why a code is refused', async () => {
    const receives = await mount((url, body) => {
      if (url.includes('receiveStockTransfer')) {
        const code = (body?.codes as string[])[0];
        if (code === 'SN9') return answer({ fields: { codes: ['不是这张调拨单的设备'] }, codes: ['SN9'] }, 404, '「SN9」不是这张调拨单的设备');
        return answer(transfer(['in_stock', 'in_transit'], 1));
      }
      return answer(transfer(['in_transit', 'in_transit']));
    });
    await scan('sn1');
    expect(receives()[0]?.body).toEqual({ id: 12, codes: ['sn1'] });
    expect(outcomes()[0]).toBe('ok 成功sn1iPhone 15 · 256G 黑色 · 已收货（1/2）');
    await scan('SN9');
    expect(outcomes()[0]).toBe('error 失败SN9不是这张调拨单的设备');
  });

  it('offers no receiving to a session that is not the destination, and says why', async () => {
    await mount(() => answer(transfer(['in_transit'])), { ownSubShop: { id: 99 } });
    expect(document.querySelector('[data-scan-input]')).toBeNull();
    expect(byText(document, 'button', /^确认收货/)).toBeUndefined();
    expect(document.body.textContent).toContain('只有调入方可以收货');
  });
});

describe('SkuPicker', () => {
  it('offers only goods and SKUs tracked by unit, and says when there are none', async () => {
    const calls = backend((url) => {
      if (url.includes('goodsList')) return answer({ list: [{ id: 5, title: 'iPhone 15' }], total: 1, page: 1, page_size: 50 });
      if (url.includes('getSkuStock')) {
        return answer([
          { sku_id: 11, specs: { 颜色: '黑' }, code: '', stock: 2, tracked: true },
          { sku_id: 12, specs: { 颜色: '白' }, code: '', stock: 3, tracked: false },
        ]);
      }
      return answer(null, 404, `unexpected ${url}`);
    });
    const onChange = vi.fn();
    const view = await render(withQueryClient(<SkuPicker label="第 1 行规格" value={null} onChange={onChange} />));
    cleanup = view.unmount;
    await until(() => document.querySelectorAll('select')[0]!.options.length > 1);
    expect(calls.find((call) => call.url.includes('goodsList'))?.url).toContain('tracked=true');
    const [goods, skus] = [...document.querySelectorAll('select')] as HTMLSelectElement[];
    await act(async () => {
      goods!.value = '5';
      goods!.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await until(() => skus!.options.length > 1);
    await settle();
    expect([...skus!.options].map((option) => option.textContent)).toEqual(['选择规格', '黑']);
  });

  it('says there are no goods tracked by unit', async () => {
    backend(() => answer({ list: [], total: 0, page: 1, page_size: 50 }));
    const view = await render(withQueryClient(<SkuPicker label="第 1 行规格" value={null} onChange={() => undefined} />));
    cleanup = view.unmount;
    await until(() => document.body.textContent?.includes('没有按台管理的商品') ?? false);
    expect(document.body.textContent).toContain('采购入库只收按台');
  });
});
