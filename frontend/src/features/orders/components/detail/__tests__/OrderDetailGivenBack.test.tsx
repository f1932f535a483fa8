import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, settle, withQueryClient } from '@/components/__tests__/render';
import { OrderDetailScreen } from '../OrderDetailScreen';

vi.mock('../useOrderPage', () => ({
  useOrderPage: () => ({ id: 9, orderRef: { id: 9, merchantId: null }, platform: false, scope: 'main', subMerchant: false, auth: [{ action: 'order.view' }], missingMerchant: false }),
}));
vi.mock('next/navigation', () => ({ useRouter: () => ({ push: vi.fn() }) }));
vi.mock('next/link', async () => (await import('@/components/__tests__/mocks')).nextLinkMock);

/** A lease cancelled by the unsigned job while the customer's payment of bill 1 was in flight. */
function cancelled(unwound: unknown) {
  return {
    id: 9,
    order_no: 'ZL9',
    kind: 'lease',
    status: 'cancelled',
    status_name: '已取消',
    stage: 'regular',
    stage_name: '常规订单',
    channel: 'alipay',
    created_at: '2026-01-01T10:00:00+08:00',
    actions: [],
    addons: [],
    sku_specs: {},
    term: 12,
    term_unit: 'month',
    customer: { name: '张*', phone: '139****1111', id_number: '1101**********0234', has_id_card: true },
    risk: { grade: 'B', score: 700, decision: 'pass', reference: 'rsk-1', checks: [] },
    deposit_detail: { state: 'thawed', deposit: '500.00', waived: '0.00', required: '500.00', frozen: '500.00', transferred: '0.00', thawed: '500.00', remaining: '0.00', operations: [] },
    owed_amount: '0.00',
    bill_totals: { amount: '0.00', paid: '399.00', owed: '0.00' },
    bills: [],
    unwound,
    shipments: [],
    after_sales: [],
    notary: { order_id: 1, status: 'none', is_open: false, attempt: 0, case_reference: '', steps: [], evidence: [], evidence_hash: '', contract_no: '', certificate_no: '', failure_reason: '', cancel_reason: '', last_error: '', updated_at: null, history: [], actions: [] },
    remarks: [],
    timeline: [],
    contract: null,
  };
}

const line = (kind: string, type: string, amount: string, status: string, periods: number[] = []) => ({ kind, type, amount, status, periods, created_at: '2026-01-02T10:00:00+08:00', finished_at: null });

function answer(data: unknown) {
  return new Response(JSON.stringify({ code: 200, msg: 'ok', data }), { status: 200, headers: { 'content-type': 'application/json' } });
}

const section = () => document.querySelector('[data-testid="given-back"]') as HTMLElement | null;
const stat = (id: string) => section()!.querySelector(`[data-stat="${id}"] dd`)!.textContent;

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

async function renderDetail(detail: unknown) {
  // The order's carrier shipments (CarrierSection) answer a list: none here.
  vi.stubGlobal('fetch', vi.fn(async (url: string) => answer(String(url).includes('orderShipments') ? [] : detail)));
  const view = await render(withQueryClient(<OrderDetailScreen />));
  cleanup = view.unmount;
  for (let round = 0; round < 10 && !document.querySelector('h1'); round += 1) await settle();
}

describe('OrderDetailScreen: an order ended without a deal', () => {
  it('shows what is still in flight at the provider and what was given back', async () => {
    await renderDetail(
      cancelled({
        paid: '399.00',
        given_back: '500.00',
        in_flight: '399.00',
        deposit_frozen: '0.00',
        lines: [line('refund', 'unwound', '399.00', 'processing', [1]), line('deposit', 'thaw', '500.00', 'succeeded')],
      }),
    );
    expect(section()).not.toBeNull();
    expect(document.querySelector('#order-given-back')?.textContent).toBe('退回与在途');
    expect([stat('paid'), stat('given_back'), stat('in_flight'), stat('deposit_frozen')]).toEqual(['¥399.00', '¥500.00', '¥399.00', '¥0.00']);
    expect(section()!.textContent).toContain('仍有款项在支付机构处理中');
    const refund = section()!.querySelector('[data-line="refund:unwound"]')!;
    expect(refund.textContent).toContain('退款 · 未成交退回');
    expect(refund.textContent).toContain('第 1 期');
    expect(refund.textContent).toContain('¥399.00');
    expect(refund.textContent).toContain('退款处理中');
    expect(section()!.querySelector('[data-line="deposit:thaw"]')!.textContent).toContain('押金 · 解冻');
  });

  it('says a payment the cancel could not close is still at the provider, and when all is back', async () => {
    await renderDetail(cancelled({ paid: '0.00', given_back: '0.00', in_flight: '399.00', deposit_frozen: '500.00', lines: [line('payment', 'customer', '399.00', 'processing', [1])] }));
    expect(section()!.querySelector('[data-line="payment:customer"]')!.textContent).toContain('支付机构处理中（已请求关闭）');
    expect(stat('deposit_frozen')).toBe('¥500.00');
    await cleanup();
    await renderDetail(cancelled({ paid: '0.00', given_back: '0.00', in_flight: '0.00', deposit_frozen: '0.00', lines: [] }));
    expect(section()!.textContent).toContain('没有在途款项');
    expect(section()!.textContent).toContain('该订单没有需要退回的款项');
  });

  it('is not shown for an order still running', async () => {
    await renderDetail({ ...cancelled(null), status: 'in_lease', status_name: '租赁中' });
    expect(document.querySelector('h1')!.textContent).toContain('ZL9');
    expect(section()).toBeNull();
  });
});
