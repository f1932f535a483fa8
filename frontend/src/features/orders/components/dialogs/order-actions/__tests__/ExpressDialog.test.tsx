import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, byText, click, render, settle } from '@/components/__tests__/render';
import type { OrderDetail, OrderRef } from '../../../../queries';
import { ExpressDialog } from '../ExpressDialog';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

const orderRef: OrderRef = { id: 7, merchantId: null };
const unit = { id: 3, sku_id: 11, sku_name: '256G 黑色', goods_id: 5, goods_name: 'iPhone 15', serial_number: 'SN0003', imei1: '490154203237518', imei2: '', meid: '', grade: '99', grade_label: '99新', status: 'in_stock', status_label: '在库', sub_shop_id: null, place_name: '总仓' };

function backend() {
  return vi.fn(async (url: string, init?: RequestInit) => {
    if (url.includes('/api/applet/expressCompany')) return answer([{ code: 'SF', name: '顺丰速运', name_en: 'SF Express' }]);
    if (url.includes('/api/backend/findUnit')) {
      const query = new URL(url, 'http://x').searchParams;
      expect(query.get('order_id')).toBe('7');
      const code = query.get('code');
      if (code === 'SN0003') return answer({ unit, ship_check: { ok: true, reason: '' } });
      if (code === 'SN0004') return answer({ unit: { ...unit, serial_number: 'SN0004', status: 'out_with_customer' }, ship_check: { ok: false, reason: '设备在客户处，不能发货' } });
      if (code === '353915110101048') return answer({ unit: null, ship_check: { ok: false, reason: '「353915110101048」IMEI 校验位不对，请重新扫描' } });
      return answer({ unit: null, ship_check: null });
    }
    if (url.includes('/api/merchant/addExpress')) return answer({ ok: true, body: JSON.parse(String(init?.body)) });
    return answer(null, 404, `unexpected ${url}`);
  });
}

async function open(detail: Partial<OrderDetail> & Record<string, unknown>) {
  const fetchMock = backend();
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const full = { order_no: 'ZL2026110100001', kind: 'lease', shipments: [], device_serial: '', ...detail } as unknown as OrderDetail;
  const view = await render(
    <QueryClientProvider client={client}>
      <ExpressDialog button="ship" detail={full} orderRef={orderRef} onClose={vi.fn()} onDeleted={vi.fn()} update={false} />
    </QueryClientProvider>,
  );
  cleanup = view.unmount;
  return fetchMock;
}

const serialField = () => document.querySelector('[data-unit-scan-field] input') as HTMLInputElement;
async function scan(code: string) {
  const input = serialField();
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, code);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () => {
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
  });
  for (let round = 0; round < 5; round += 1) await settle();
}

async function fillShipment() {
  const company = document.querySelector('[role="dialog"] select') as HTMLSelectElement;
  await act(async () => {
    company.value = 'SF';
    company.dispatchEvent(new Event('change', { bubbles: true }));
  });
  const tracking = [...document.querySelectorAll('[role="dialog"] input')].find((input) => input.closest('div')?.parentElement?.textContent?.includes('快递单号')) as HTMLInputElement;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(tracking, 'SF123');
    tracking.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('ExpressDialog with a SKU tracked by unit', () => {
  it('shows the scanned device for this order and ships with it', async () => {
    const fetchMock = await open({ sku_tracked: true });
    await scan('SN0003');
    const card = document.querySelector('[data-unit-check="ok"]');
    expect(card?.textContent).toContain('SN0003');
    expect(card?.textContent).toContain('490154203237518');
    expect(card?.textContent).toContain('99新');
    expect(card?.textContent).toContain('iPhone 15 · 256G 黑色'); // the goods named, title and specs
    expect(card?.textContent).toContain('可以发货');
    await fillShipment();
    await click(byText(document, 'button', '发货'));
    for (let round = 0; round < 5; round += 1) await settle();
    const sent = fetchMock.mock.calls.find(([url]) => String(url).includes('addExpress'));
    expect(JSON.parse(String((sent?.[1] as RequestInit).body))).toMatchObject({ order_id: 7, device_serial: 'SN0003', tracking_no: 'SF123', company_code: 'SF' });
  });

  it('says why a device cannot ship and does not send', async () => {
    const fetchMock = await open({ sku_tracked: true });
    await scan('SN0004');
    expect(document.querySelector('[data-unit-check="refused"]')?.textContent).toContain('设备在客户处，不能发货');
    await fillShipment();
    await click(byText(document, 'button', '发货'));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('addExpress'))).toBe(false);
    await scan('NOPE');
    expect(document.querySelector('[data-unit-check="missing"]')?.textContent).toBe('没有这个序列号或 IMEI 的设备');
    // A mistyped IMEI: the check digit named, in the server's words.
    await scan('353915110101048');
    expect(document.querySelector('[data-unit-check="missing"]')?.textContent).toBe('「353915110101048」IMEI 校验位不对，请重新扫描');
  });

  it('keeps the plain serial field for a counted SKU', async () => {
    const fetchMock = await open({ sku_tracked: false });
    expect(document.querySelector('[data-unit-scan-field]')).toBeNull();
    await fillShipment();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('findUnit'))).toBe(false);
  });
});
