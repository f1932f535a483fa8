import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, settle, withQueryClient } from '@/components/__tests__/render';
import { OrderDetailScreen } from '../OrderDetailScreen';

vi.mock('../useOrderPage', () => ({
  useOrderPage: () => ({ id: 9, orderRef: { id: 9, merchantId: null }, platform: false, scope: 'main', subMerchant: false, auth: [{ action: 'order.view' }], missingMerchant: false }),
}));
vi.mock('next/navigation', () => ({ useRouter: () => ({ push: vi.fn() }) }));
vi.mock('next/link', async () => (await import('@/components/__tests__/mocks')).nextLinkMock);

const freeze = { id: 1, kind: 'freeze', amount: '500.00', status: 'succeeded', purpose: '', bill_periods: [], failure_reason: '', created_at: '2026-01-01T10:00:00+08:00', confirmed_at: '2026-01-01T10:00:00+08:00' };

function order(frozenCredit: string, frozenFund: string) {
  return {
    id: 9,
    order_no: 'ZL9',
    kind: 'lease',
    status: 'in_lease',
    status_name: '租赁中',
    stage: 'leasing',
    stage_name: '租赁中',
    channel: 'alipay',
    created_at: '2026-01-01T10:00:00+08:00',
    actions: [],
    addons: [],
    sku_specs: {},
    term: 12,
    term_unit: 'month',
    customer: { name: '张*', phone: '139****1111', id_number: '1101**********0234', has_id_card: true },
    risk: { grade: 'B', score: 700, decision: 'pass', reference: 'rsk-1', checks: [] },
    deposit_detail: { state: 'frozen', deposit: '500.00', waived: '0.00', required: '500.00', frozen: '500.00', frozen_credit: frozenCredit, frozen_fund: frozenFund, transferred: '0.00', thawed: '0.00', remaining: '500.00', operations: [{ ...freeze, credit_amount: frozenCredit }] },
    owed_amount: '0.00',
    bill_totals: { amount: '0.00', paid: '0.00', owed: '0.00' },
    bills: [],
    shipments: [],
    after_sales: [],
    notary: { order_id: 1, status: 'none', is_open: false, attempt: 0, case_reference: '', steps: [], evidence: [], evidence_hash: '', contract_no: '', certificate_no: '', failure_reason: '', cancel_reason: '', last_error: '', updated_at: null, history: [], actions: [] },
    remarks: [],
    timeline: [],
    contract: null,
  };
}

function answer(data: unknown) {
  return new Response(JSON.stringify({ code: 200, msg: 'ok', data }), { status: 200, headers: { 'content-type': 'application/json' } });
}

const section = (id: string) => document.querySelector(`section[aria-labelledby="${id}"]`) as HTMLElement;

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

async function renderDetail(frozenCredit: string, frozenFund: string) {
  const fetchMock = vi.fn(async (url: string) => answer(url.includes('orderShipments') ? [] : url.includes('getCreditOrder') ? { credit_order: null } : order(frozenCredit, frozenFund)));
  vi.stubGlobal('fetch', fetchMock);
  const view = await render(withQueryClient(<OrderDetailScreen />));
  cleanup = view.unmount;
  for (let round = 0; round < 10 && !document.querySelector('h1'); round += 1) await settle();
}

describe('OrderDetailScreen: a deposit-free deposit', () => {
  it('labels apart what of the deposit is Zhima credit and what the customer\'s money, in the deposit and the risk facts', async () => {
    await renderDetail('166.66', '333.34');
    const deposit = section('order-deposit').textContent!;
    expect(deposit).toContain('其中芝麻信用担保（非资金）¥166.66');
    expect(deposit).toContain('其中用户资金¥333.34');
    expect(deposit).toContain('其中信用 ¥166.66');
    expect(section('order-customer').textContent).toContain('芝麻信用 ¥166.66 · 用户资金 ¥333.34');
  });

  it('says nothing of credit for a deposit frozen as money only', async () => {
    await renderDetail('0.00', '500.00');
    expect(section('order-deposit').textContent).not.toContain('芝麻信用');
    expect(section('order-customer').textContent).not.toContain('押金构成');
  });
});
