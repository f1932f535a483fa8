import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, byText, click, render, type, until, withQueryClient } from '@/components/__tests__/render';
import { BillingDetailsScreen } from '../BillingDetailsScreen';
import { bill, type TestOrderPage } from './bills';

// The page's route and session (useOrderPage reads the URL, the global state and the login
// info); each test sets the side and the actions the session holds.
const page = vi.hoisted(() => ({ current: null as TestOrderPage | null }));
vi.mock('@/features/orders/components/detail/useOrderPage', async () => (await import('./bills')).orderPageMock(page));
vi.mock('next/link', async () => (await import('@/components/__tests__/mocks')).nextLinkMock);

const OWNER = [{ action: 'order.view' }, { action: 'order.manage' }, { action: 'finance.view' }];
const FINANCE = [{ action: 'order.view' }, { action: 'finance.view' }];

const payment = (patch: Record<string, unknown>) => ({
  id: 1,
  method: 'withhold',
  amount: '1237.00',
  late_fee_amount: '0.00',
  out_trade_no: 'T1',
  provider_trade_no: 'P1',
  status: 'succeeded',
  failure_reason: '',
  created_at: '2026-01-01T10:00:00+08:00',
  ...patch,
});

/** The back end of these tests: bill 2 paid with its late fee, bill 3 overdue and owing 4.50. */
function backend(options: { lateFeeOwed?: string; waive?: () => { code: number; msg?: string; data?: unknown }; overdueFails?: number } = {}) {
  let owed = options.lateFeeOwed ?? '4.50';
  let overdueFails = options.overdueFails ?? 0;
    const detail = () => ({
    id: 7,
    order_no: 'ZL7',
    kind: 'lease',
    actions: ['pay_bill'],
    owed_amount: '0.00',
    bill_totals: { amount: '3711.00', paid: '1240.00', owed: '2474.00' },
    overdue_state:
      owed === '0.00'
        ? { status: 'clear', step_action: '', step_days: null, reached_on: null, days_past_due: 0 }
        : { status: 'overdue', step_position: 4, step_action: 'recovery_case', step_days: 1, ladder_version: 1, reached_on: '2026-11-10', days_past_due: 5 },
    bills: [
      bill(1, { state: 'paid', status: 'paid', paid_amount: '1237.00', paid_by: 'customer', payments: [payment({ method: 'customer' })] }),
      bill(2, { state: 'paid', status: 'paid', paid_amount: '1237.00', late_fee: '3.00', late_fee_paid: '3.00', paid_by: 'withhold', payments: [payment({ id: 2, amount: '1240.00', late_fee_amount: '3.00' })] }),
      bill(3, { state: 'overdue', late_fee: '6.00', late_fee_waived: owed === '0.00' ? '4.50' : '1.50', late_fee_owed: owed }),
    ],
  });
  const overdue = () => ({
    overdue_bills: 1,
    overdue_rent: '1237.00',
    late_fee: '9.00',
    late_fee_waived: owed === '0.00' ? '4.50' : '1.50',
    late_fee_paid: '3.00',
    late_fee_owed: owed,
    total: owed === '0.00' ? '1237.00' : '1241.50',
  });
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.includes('/api/merchant/orderInfo')) return answer(detail());
    if (url.includes('/api/platform/getOverdueMoney')) {
      if (overdueFails > 0) {
        overdueFails -= 1;
        return answer(null, 500, 'boom');
      }
      return answer(overdue());
    }
    if (url.includes('/api/finance/waiveLateFee')) {
      const reply = options.waive?.() ?? { code: 200 };
      if (reply.code !== 200) return answer(reply.data ?? null, reply.code, reply.msg ?? 'refused');
      owed = '0.00';
      return answer(detail().bills[2]);
    }
    return answer(null, 404, `unexpected ${url} ${init?.method ?? 'GET'}`);
  });
  return fetchMock;
}

const calls = (fetchMock: ReturnType<typeof vi.fn>, path: string) => fetchMock.mock.calls.filter(([url]) => String(url).includes(path));
const dialog = () => document.querySelector('[role="dialog"]') as HTMLElement | null;
const table = () => document.querySelector('table') as HTMLTableElement;
const row = (period: number) => [...table().querySelectorAll('tbody tr')].find((tr) => tr.textContent?.includes(`第 ${period} 期`)) as HTMLElement;
const summary = () => document.querySelector('section[aria-labelledby="bills-overdue-money"]') as HTMLElement;
const stat = (id: string) => summary().querySelector(`[data-stat="${id}"] dd`)?.textContent;

/** Settles until `check` holds (React Query refetches a few ticks after an invalidation). */
let cleanup: () => Promise<void> = async () => undefined;
beforeEach(() => {
  page.current = { platform: false, auth: OWNER, orderRef: { id: 7, merchantId: null } };
});
afterEach(() => cleanup());

async function renderScreen(fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  const view = await render(withQueryClient(<BillingDetailsScreen />));
  cleanup = view.unmount;
  await until(() => Boolean(document.querySelector('table')) && Boolean(summary()?.querySelector('dl')));
  return view;
}

describe('BillingDetailsScreen: late fees', () => {
  it('shows each bill’s late fee accrued, waived, paid and owed, and each payment’s late-fee part', async () => {
    await renderScreen(backend());
    const headers = [...table().querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual(expect.arrayContaining(['违约金', '已减免', '已付违约金', '待付违约金']));
    const cells = (period: number) => [...row(period).querySelectorAll('td')].map((td) => td.textContent);
    const at = (name: string) => headers.indexOf(name);
    expect(cells(3)[at('违约金')]).toBe('¥6.00');
    expect(cells(3)[at('已减免')]).toBe('¥1.50');
    expect(cells(3)[at('待付违约金')]).toBe('¥4.50');
    expect(cells(2)[at('已付违约金')]).toBe('¥3.00');
    expect(cells(1)[at('违约金')]).toBe('¥0.00'); // nothing accrued reads 0.00, never blank
    expect(row(2).textContent).toContain('代扣 ¥1,240.00 成功（含违约金 ¥3.00）');
    expect(row(1).textContent).toContain('（含违约金 ¥0.00）');
  });

  it('sums up the overdue money at the top from getOverdueMoney', async () => {
    const fetchMock = backend();
    await renderScreen(fetchMock);
    expect(String(calls(fetchMock, 'getOverdueMoney')[0]![0])).toContain('order_id=7');
    expect(summary().querySelector('h2')!.textContent).toBe('逾期欠款');
    expect(stat('overdueBills')).toBe('1 期');
    expect(stat('overdueRent')).toBe('¥1,237.00');
    expect(stat('lateFeeOwed')).toBe('¥4.50');
    expect(stat('total')).toBe('¥1,241.50');
    expect(summary().textContent).toContain('违约金累计 ¥9.00，已减免 ¥1.50，已支付 ¥3.00。');
  });

  it('says the summary failed and loads it again on retry', async () => {
    const fetchMock = backend({ overdueFails: 1 });
    vi.stubGlobal('fetch', fetchMock);
    const view = await render(withQueryClient(<BillingDetailsScreen />));
    cleanup = view.unmount;
    await until(() => Boolean(summary()?.querySelector('[role="alert"]')));
    expect(summary().textContent).toContain('逾期欠款加载失败');
    expect(summary().textContent).not.toContain('500');
    await click(byText(summary(), 'button', '重试'));
    await until(() => stat('total') === '¥1,241.50');
  });

  it('offers the owner a waiver only on a bill that still owes late fee', async () => {
    await renderScreen(backend());
    expect(byText(row(3), 'button', '减免违约金')?.getAttribute('aria-label')).toBe('减免第 3 期违约金');
    expect(byText(row(2), 'button', '减免违约金')).toBeUndefined(); // its late fee is paid
    expect(byText(row(1), 'button', '减免违约金')).toBeUndefined();
  });

  it('waives all the late fee owed with a reason, then reads the bills and the summary again', async () => {
    const fetchMock = backend();
    await renderScreen(fetchMock);
    const detailReads = calls(fetchMock, 'orderInfo').length;
    const summaryReads = calls(fetchMock, 'getOverdueMoney').length;
    await click(byText(row(3), 'button', '减免违约金'));
    expect(dialog()!.textContent).toContain('减免第 3 期违约金');
    expect(dialog()!.textContent).toContain('待付 ¥4.50');

    // Checked before anything is sent: a reason is needed, the amount at most what is owed.
    await type(dialog()!.querySelector('input')!, '9.99');
    await click(byText(dialog()!, 'button', '减免违约金'));
    expect(dialog()!.textContent).toContain('请填写减免原因');
    expect(dialog()!.textContent).toContain('不能超过 ¥4.50');
    expect(calls(fetchMock, 'waiveLateFee')).toHaveLength(0);

    await type(dialog()!.querySelector('input')!, '');
    await type(dialog()!.querySelector('textarea')!, '  客户首次逾期，协商减免 ');
    await click(byText(dialog()!, 'button', '减免违约金'));
    const [waived] = calls(fetchMock, 'waiveLateFee') as [string, RequestInit][];
    const sent = JSON.parse(String(waived![1].body));
    expect(sent).toEqual({ order_id: 7, period: 3, reason: '客户首次逾期，协商减免', idempotency_key: expect.stringMatching(/^latefee-[0-9a-f-]{36}$/) });
    expect(sent).not.toHaveProperty('amount');

    await until(() => dialog() === null && stat('lateFeeOwed') === '¥0.00');
    expect(calls(fetchMock, 'orderInfo').length).toBeGreaterThan(detailReads);
    expect(calls(fetchMock, 'getOverdueMoney').length).toBeGreaterThan(summaryReads);
    expect(stat('total')).toBe('¥1,237.00');
    expect(byText(row(3), 'button', '减免违约金')).toBeUndefined();
  });

  it('sends a typed amount, explains a waiver above what is owed (1401) and keeps the key for the retry', async () => {
    const refusals = [{ code: 1401, msg: '减免金额超过未付的逾期违约金', data: { owed: '1.00', amount: '4.00' } }];
    const fetchMock = backend({ waive: () => refusals.shift() ?? { code: 200 } });
    await renderScreen(fetchMock);
    const detailReads = calls(fetchMock, 'orderInfo').length;
    await click(byText(row(3), 'button', '减免违约金'));
    await type(dialog()!.querySelector('input')!, '4');
    await type(dialog()!.querySelector('textarea')!, '协商减免');
    await click(byText(dialog()!, 'button', '减免违约金'));
    expect(dialog()!.querySelector('[role="alert"]')!.textContent).toContain('减免金额超过该期现在待付的违约金');
    expect(dialog()!.textContent).not.toContain('1401');
    await until(() => calls(fetchMock, 'orderInfo').length > detailReads); // the stale screen is read again

    await click(byText(dialog()!, 'button', '减免违约金'));
    const bodies = (calls(fetchMock, 'waiveLateFee') as [string, RequestInit][]).map(([, init]) => JSON.parse(String(init.body)));
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toMatchObject({ amount: '4.00', period: 3 });
    expect(bodies[1].idempotency_key).toBe(bodies[0].idempotency_key);
  });

  it('makes a new idempotency key for each opening of the dialog', async () => {
    const fetchMock = backend({ waive: () => ({ code: 1401 }) });
    await renderScreen(fetchMock);
    const send = async () => {
      await click(byText(row(3), 'button', '减免违约金'));
      await type(dialog()!.querySelector('textarea')!, '协商减免');
      await click(byText(dialog()!, 'button', '减免违约金'));
      await click(byText(dialog()!, 'button', '取消'));
      await until(() => dialog() === null);
    };
    await send();
    await send();
    const keys = (calls(fetchMock, 'waiveLateFee') as [string, RequestInit][]).map(([, init]) => JSON.parse(String(init.body)).idempotency_key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('says where the order stands on the shop’s overdue ladder, and nothing once it is clear', async () => {
    await renderScreen(backend());
    const line = document.querySelector('[data-overdue-state]');
    expect(line?.textContent).toContain('已到“催收立案”（逾期满 1 天，2026-11-10 达到），现已逾期 5 天');
    await cleanup();
    await renderScreen(backend({ lateFeeOwed: '0.00' }));
    expect(document.querySelector('[data-overdue-state]')).toBeNull();
  });

  it('shows finance staff the rates but no waiver (no order.manage)', async () => {
    page.current = { platform: false, auth: FINANCE, orderRef: { id: 7, merchantId: null } };
    await renderScreen(backend());
    expect(byText(table(), 'button', '减免违约金')).toBeUndefined();
    expect(byText(document.body, 'button', '违约金设置')).toBeDefined();
    expect(byText(document.body, 'button', '逾期处理阶梯')).toBeDefined();
  });

  it('gives the platform the summary of the merchant’s order, without waiver or rates', async () => {
    page.current = { platform: true, auth: OWNER, orderRef: { id: 7, merchantId: 3 } };
    const fetchMock = backend();
    await renderScreen(fetchMock);
    expect(String(calls(fetchMock, 'getOverdueMoney')[0]![0])).toMatch(/order_id=7.*merchant_id=3|merchant_id=3.*order_id=7/);
    expect(stat('lateFeeOwed')).toBe('¥4.50');
    expect(byText(table(), 'button', '减免违约金')).toBeUndefined();
    expect(byText(document.body, 'button', '违约金设置')).toBeUndefined();
    expect(byText(document.body, 'button', '逾期处理阶梯')).toBeUndefined();
  });
});
