import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, byText, click, render, settle, type } from '@/components/__tests__/render';
import type { OrderDetail } from '@/features/orders/queries';
import { WaybillDialog } from '../WaybillDialog';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

const shipment = { id: 41, order_id: 7, order_no: 'ZL2026112900001', direction: 'out', company_code: 'SF', service: 'standard', out_no: 'ZLW1', tracking_no: '', device_serial: 'IMEI-1', declared_value: null, weight_kg: '1.00', freight: null, failure_reason: '', last_error: '', shipped_at: null, picked_up_at: null, delivered_at: null, last_event_at: null, created_at: '2026-11-29T10:00:00+08:00', receiver: {}, sender: {}, pickup: null, events: [] };

/** The carrier does not answer the first time; the second time the waybill is there. */
function backend() {
  let creates = 0;
  return vi.fn(async (url: string, init?: RequestInit) => {
    void init; // the body is read from the mock's calls
    if (url.includes('/api/applet/expressCompany')) return answer([{ code: 'SF', name: '顺丰速运', name_en: 'SF Express' }]);
    if (url.includes('/api/merchant/carrierServices')) return answer([{ code: 'standard', name: '顺丰标快', name_en: 'SF Standard Express' }]);
    if (url.includes('/api/merchant/createWaybill')) {
      creates += 1;
      return creates === 1 ? answer({ ...shipment, status: 'created', last_error: 'SYSTEM_ERROR: no answer' }) : answer({ ...shipment, status: 'label_ready', tracking_no: 'SF1400000000001' });
    }
    if (url.includes('/api/merchant/printWaybillLabels')) return answer({ url: '/api/files/token', count: 1, waybill_nos: ['SF1400000000001'] });
    return answer(null, 404, `unexpected ${url}`);
  });
}

const field = (label: string) => [...document.querySelectorAll('[role="dialog"] label')].find((node) => node.textContent === label)?.parentElement?.querySelector('input') as HTMLInputElement;

describe('WaybillDialog', () => {
  it('asks the carrier again with the same key after no answer, then opens the label', async () => {
    const fetchMock = backend();
    vi.stubGlobal('fetch', fetchMock);
    const opened = vi.fn();
    vi.stubGlobal('open', opened);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const detail = { id: 7, order_no: 'ZL2026112900001', kind: 'lease', sku_tracked: false, device_serial: 'IMEI-1', customer: { name: '张三' }, shipments: [], actions: ['ship'] } as unknown as OrderDetail;
    const onClose = vi.fn();
    const view = await render(
      <QueryClientProvider client={client}>
        <WaybillDialog detail={detail} onClose={onClose} />
      </QueryClientProvider>,
    );
    cleanup = view.unmount;
    for (let round = 0; round < 3; round += 1) await settle();
    await type(field('手机号'), '13700000000');
    await type(field('省'), '广东省');
    await type(field('市'), '深圳市');
    await type(field('详细地址'), '科技园 1 栋 101');

    await click(byText(document, 'button', '下单并打印'));
    for (let round = 0; round < 5; round += 1) await settle();
    expect(document.querySelector('[role="status"]')?.textContent).toBe('快递未应答：请再次提交，不会重复下单');
    expect(onClose).not.toHaveBeenCalled();
    await click(byText(document, 'button', '下单并打印'));
    for (let round = 0; round < 5; round += 1) await settle();

    const bodies = fetchMock.mock.calls.filter(([url]) => String(url).includes('createWaybill')).map(([, init]) => JSON.parse(String((init as RequestInit).body)));
    expect(bodies).toHaveLength(2);
    expect(bodies[0].idempotency_key).toBe(bodies[1].idempotency_key);
    expect(bodies[0]).toMatchObject({ order_id: 7, company_code: 'SF', device_serial: 'IMEI-1', receiver: { name: '张三', city: '深圳市' } });
    expect(opened).toHaveBeenCalledWith('/api/files/token', '_blank', 'noopener');
    expect(onClose).toHaveBeenCalled();
  });
});
