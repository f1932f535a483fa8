import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, settle, withQueryClient } from '@/components/__tests__/render';
import { OrderDetailScreen } from '../OrderDetailScreen';

vi.mock('../useOrderPage', () => ({
  useOrderPage: () => ({ id: 9, orderRef: { id: 9, merchantId: null }, platform: false, scope: 'main', subMerchant: false, auth: [{ action: 'order.view' }], missingMerchant: false }),
}));
vi.mock('next/navigation', () => ({ useRouter: () => ({ push: vi.fn() }) }));
vi.mock('next/link', async () => (await import('@/components/__tests__/mocks')).nextLinkMock);

const bill = (period: number, state: string, lateFee = '0.00') => ({
  id: period,
  period,
  due_date: '2026-02-01',
  rent: '1237.00',
  addon_amount: '0.00',
  amount: '1237.00',
  paid_amount: state === 'paid' ? '1237.00' : '0.00',
  status: state === 'paid' ? 'paid' : 'unpaid',
  state,
  paid_at: null,
  paid_by: '',
  late_fee: lateFee,
  late_fee_waived: '0.00',
  late_fee_paid: lateFee,
  late_fee_owed: '0.00',
  discount: '0.00',
  settled_early: false,
  out_trade_no: '',
  payments: [],
  offline_receipt: null,
  kind: 'lease',
  waived_amount: '0.00',
  waiver: null,
  waivers: [],
});

function order(bills: ReturnType<typeof bill>[]) {
  return {
    id: 9,
    order_no: 'ZL9',
    kind: 'lease',
    status: 'in_lease',
    status_name: '租赁中',
    stage: 'overdue',
    stage_name: '逾期订单',
    channel: 'alipay',
    created_at: '2026-01-01T10:00:00+08:00',
    actions: [],
    addons: [],
    sku_specs: {},
    term: 12,
    term_unit: 'month',
    customer: { name: '张*', phone: '139****1111', id_number: '1101**********0234', has_id_card: true },
    risk: { grade: 'B', score: 700, decision: 'pass', reference: 'rsk-1', checks: [] },
    deposit_detail: { state: 'frozen', deposit: '0.00', waived: '0.00', required: '0.00', frozen: '0.00', transferred: '0.00', thawed: '0.00', remaining: '0.00', operations: [] },
    owed_amount: '0.00',
    bill_totals: { amount: '2474.00', paid: '1237.00', owed: '1237.00' },
    bills,
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

const overdue = { overdue_bills: 1, overdue_rent: '1237.00', late_fee: '8.20', late_fee_waived: '0.00', late_fee_paid: '0.00', late_fee_owed: '8.20', charges: 0, charges_owed: '0.00', total: '1245.20' };
const block = () => document.querySelector('section[aria-labelledby="order-overdue-money"]') as HTMLElement | null;

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

async function renderDetail(bills: ReturnType<typeof bill>[], owed: typeof overdue = overdue, totals?: Record<string, string>) {
  // The order's carrier shipments (CarrierSection) answer a list: none here.
  const fetchMock = vi.fn(async (url: string) => answer(url.includes('orderShipments') ? [] : url.includes('getOverdueMoney') ? owed : { ...order(bills), ...(totals ? { bill_totals: totals } : {}) }));
  vi.stubGlobal('fetch', fetchMock);
  const view = await render(withQueryClient(<OrderDetailScreen />));
  cleanup = view.unmount;
  for (let round = 0; round < 10 && !document.querySelector('h1'); round += 1) await settle();
  return fetchMock;
}

describe('OrderDetailScreen: overdue money', () => {
  it('shows a compact overdue summary, linked to the bills, when a bill is overdue', async () => {
    const fetchMock = await renderDetail([bill(1, 'paid'), bill(2, 'overdue')]);
    for (let round = 0; round < 10 && !block()?.querySelector('dl'); round += 1) await settle();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/platform/getOverdueMoney?order_id=9'))).toBe(true);
    expect(block()!.textContent).toContain('逾期欠款');
    expect(block()!.querySelector('[data-stat="overdueBills"] dd')!.textContent).toBe('1 期');
    expect(block()!.querySelector('[data-stat="lateFeeOwed"] dd')!.textContent).toBe('¥8.20');
    expect(block()!.querySelector('[data-stat="total"] dd')!.textContent).toBe('¥1,245.20');
    expect(block()!.querySelector('a')!.getAttribute('href')).toBe('/billingDetails/9');
  });

  it('shows no owing card when nothing is owed: late fees since paid, or an order never late', async () => {
    for (const bills of [
      [bill(1, 'paid', '2.00'), bill(2, 'unpaid')],
      [bill(1, 'paid'), bill(2, 'unpaid')],
    ]) {
      const fetchMock = await renderDetail(bills);
      expect(document.querySelector('h1')!.textContent).toContain('ZL9');
      expect(block()).toBeNull();
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('getOverdueMoney'))).toBe(false);
      await cleanup();
    }
    await renderDetail([bill(1, 'paid'), { ...bill(2, 'unpaid', '2.00'), late_fee_paid: '0.00', late_fee_owed: '2.00' }]);
    expect(block()).not.toBeNull();
  });

  it('says on the bills the one owed figure, late fees included, and what of it is past due: the overdue summary\'s total', async () => {
    await renderDetail([bill(1, 'paid'), bill(2, 'overdue')], overdue, { amount: '2474.00', paid: '1237.00', owed: '1237.00', late_fee_owed: '8.20', owed_total: '1245.20', past_due: '1245.20' });
    for (let round = 0; round < 10 && !block()?.querySelector('dl'); round += 1) await settle();
    const bills = document.querySelector('section[aria-labelledby="order-bills"]') as HTMLElement;
    expect(bills.textContent).toContain('共 2 期，应付 ¥2,474.00，已付 ¥1,237.00，待付本金 ¥1,237.00');
    expect(bills.querySelector('[data-figure="owed_total"]')!.textContent).toBe('合计欠款 ¥1,245.20（含违约金 ¥8.20），其中已逾期 ¥1,245.20');
    expect(block()!.querySelector('[data-stat="total"] dd')!.textContent).toBe('¥1,245.20');
  });

  it('is titled what is owed, with the charges, when a damage charge is among it', async () => {
    await renderDetail([bill(1, 'paid'), bill(2, 'overdue')], { ...overdue, charges: 1, charges_owed: '300.00', total: '1545.20' });
    for (let round = 0; round < 10 && !block()?.querySelector('dl'); round += 1) await settle();
    expect(block()!.querySelector('h2, h3')!.textContent).toBe('欠款');
    expect(block()!.querySelector('[data-stat="chargesOwed"] dd')!.textContent).toBe('¥300.00');
    expect(block()!.querySelector('[data-stat="total"] dd')!.textContent).toBe('¥1,545.20');
  });
});
