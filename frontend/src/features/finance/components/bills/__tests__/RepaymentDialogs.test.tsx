import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, byText, click, render, type, until, withQueryClient } from '@/components/__tests__/render';
import { BillingDetailsScreen } from '../BillingDetailsScreen';
import { bill, type TestOrderPage } from './bills';

const page = vi.hoisted(() => ({ current: null as TestOrderPage | null }));
vi.mock('@/features/orders/components/detail/useOrderPage', async () => (await import('./bills')).orderPageMock(page));
vi.mock('next/link', async () => (await import('@/components/__tests__/mocks')).nextLinkMock);

const FINANCE = [{ action: 'order.view' }, { action: 'finance.view' }, { action: 'finance.manage' }];
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

const RECEIPT = {
  receipt_no: 'ZL7OF1',
  purpose: 'bill',
  amount: '1237.00',
  channel: 'bank_transfer',
  paid_on: '2026-02-03',
  payer_name: '张三',
  bank_reference: 'CMB20260203001',
  remark: '',
  recorded_by: '财务小王',
  recorded_at: '2026-02-03T10:00:00+08:00',
  voucher_url: '/api/files/abc.sig',
};

const QUOTE = {
  order_id: 7,
  as_of: '2026-03-05',
  bills: [
    { period: 3, due_date: '2026-03-01', due: true, rent: '1237.00', addon_amount: '0.00', late_fee: '4.50', discount: '0.00', amount: '1241.50' },
    { period: 4, due_date: '2026-04-01', due: false, rent: '1237.00', addon_amount: '0.00', late_fee: '0.00', discount: '123.70', amount: '1113.30' },
  ],
  due_amount: '1237.00',
  late_fee: '4.50',
  future_rent: '1237.00',
  future_addon: '0.00',
  discount_rate: '0.1000',
  discount: '123.70',
  buyout_price: '1.00',
  ownership_transfer: true,
  total: '2355.80',
  withhold_available: true,
  in_flight: null,
};

type Reply = { code: number; data?: unknown; msg?: string };

function backend(replies: { offline?: Reply[]; settle?: Reply[]; quoteTotals?: string[] } = {}) {
    const settlement = (status: string, total = QUOTE.total) => ({
    id: 1,
    settlement_no: 'ZL7ES1',
    order_id: 7,
    method: 'provider',
    status,
    total,
    discount: '123.70',
    late_fee: '4.50',
    buyout_price: '1.00',
    bills: 2,
    failure_reason: '',
    receipt_no: '',
    created_at: '2026-03-05T10:00:00+08:00',
    finished_at: null,
  });
  return vi.fn(async (url: string, init?: RequestInit) => {
    if (url.includes('/api/merchant/orderInfo')) {
      return answer({
        id: 7,
        order_no: 'ZL7',
        kind: 'lease',
        actions: ['offline_repayment', 'early_settlement'],
        owed_amount: '0.00',
        bill_totals: { amount: '4948.00', paid: '2474.00', owed: '2474.00' },
        bills: [
          bill(1, { state: 'paid', status: 'paid', paid_amount: '1237.00', paid_by: 'customer' }),
          bill(2, { state: 'paid', status: 'paid', paid_amount: '1237.00', paid_by: 'offline', offline_receipt: RECEIPT }),
          bill(3, { state: 'overdue', late_fee: '4.50', late_fee_owed: '4.50' }),
          bill(4),
        ],
      });
    }
    if (url.includes('/api/platform/getOverdueMoney')) {
      return answer({ overdue_bills: 1, overdue_rent: '1237.00', late_fee: '4.50', late_fee_waived: '0.00', late_fee_paid: '0.00', late_fee_owed: '4.50', total: '1241.50' });
    }
    if (url.includes('/api/finance/recordOfflineRepayment')) {
      const reply = replies.offline?.shift() ?? { code: 200 };
      return reply.code === 200 ? answer(bill(3, { state: 'paid', status: 'paid', paid_by: 'offline' })) : answer(reply.data ?? null, reply.code, reply.msg ?? 'refused');
    }
    if (url.includes('/api/finance/getEarlySettlementQuote')) {
      // Each read takes the next total; the last one stays.
      const totals = replies.quoteTotals ?? [];
      return answer({ ...QUOTE, total: (totals.length > 1 ? totals.shift() : totals[0]) ?? QUOTE.total });
    }
    if (url.includes('/api/finance/settleEarly')) {
      const reply = replies.settle?.shift() ?? { code: 200, data: 'succeeded' };
      const asked = JSON.parse(String(init?.body)).total as string;
      return reply.code === 200 ? answer(settlement(String(reply.data), asked)) : answer(reply.data ?? null, reply.code, reply.msg ?? 'refused');
    }
    return answer(null, 404, `unexpected ${url} ${init?.method ?? 'GET'}`);
  });
}

const calls = (fetchMock: ReturnType<typeof vi.fn>, path: string) => (fetchMock.mock.calls as [string, RequestInit][]).filter(([url]) => String(url).includes(path));
const bodies = (fetchMock: ReturnType<typeof vi.fn>, path: string) => calls(fetchMock, path).map(([, init]) => JSON.parse(String(init.body)));
const dialog = () => document.querySelector('[role="dialog"]') as HTMLElement | null;
const row = (period: number) => [...document.querySelectorAll('tbody tr')].find((tr) => tr.textContent?.includes(`第 ${period} 期`)) as HTMLElement;
const field = (label: string) => {
  const found = byText(dialog()!, 'label', label);
  return document.getElementById(found!.getAttribute('for')!) as HTMLInputElement;
};

async function pickVoucher() {
  const input = dialog()!.querySelector('input[type="file"]') as HTMLInputElement;
  const file = new File([PNG], 'slip.png', { type: 'image/png' });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await until(() => Boolean(dialog()!.querySelector('img')));
}

let cleanup: () => Promise<void> = async () => undefined;
beforeEach(() => {
  page.current = { platform: false, auth: FINANCE, orderRef: { id: 7, merchantId: null } };
  URL.createObjectURL = vi.fn(() => 'blob:voucher');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => cleanup());

async function renderScreen(fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  const view = await render(withQueryClient(<BillingDetailsScreen />));
  cleanup = view.unmount;
  await until(() => Boolean(document.querySelector('table')));
}

describe('BillingDetailsScreen: offline repayment', () => {
  it('shows a bill paid offline with its receipt and a link to its voucher', async () => {
    await renderScreen(backend());
    expect(row(2).textContent).toContain('线下还款');
    expect(row(2).textContent).toContain('银行转账 · 2026-02-03 · 张三');
    expect(row(2).textContent).toContain('CMB20260203001');
    const link = byText(row(2), 'a', '查看凭证')!;
    expect(link.getAttribute('href')).toBe('/api/files/abc.sig');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('offers it on the oldest open bill only and sends exactly what it owes with the voucher', async () => {
    const fetchMock = backend();
    await renderScreen(fetchMock);
    expect(byText(row(4), 'button', '登记线下还款')).toBeUndefined();
    await click(byText(row(3), 'button', '登记线下还款'));
    expect(dialog()!.textContent).toContain('本期应还 ¥1,241.50（含违约金 ¥4.50）');
    expect(field('还款金额（元）').value).toBe('1241.50');

    // Checked before anything is sent.
    await type(field('还款金额（元）'), '1237');
    await click(byText(dialog()!, 'button', '确认登记'));
    expect(dialog()!.textContent).toContain('金额须等于本期应还 ¥1,241.50');
    expect(dialog()!.textContent).toContain('请填写付款人');
    expect(dialog()!.textContent).toContain('银行转账请填写银行流水号');
    expect(dialog()!.textContent).toContain('请选择还款凭证图片');
    expect(calls(fetchMock, 'recordOfflineRepayment')).toHaveLength(0);

    await type(field('还款金额（元）'), '1241.50');
    await type(field('付款人'), '张三');
    await type(field('银行流水号'), 'CMB001');
    await pickVoucher();
    await click(byText(dialog()!, 'button', '确认登记'));
    await until(() => dialog() === null);
    const [sent] = bodies(fetchMock, 'recordOfflineRepayment');
    expect(sent).toMatchObject({ order_id: 7, period: 3, amount: '1241.50', channel: 'bank_transfer', payer_name: '张三', bank_reference: 'CMB001', voucher_base64: 'iVBORw0KGgoBAgME' });
    expect(sent.idempotency_key).toMatch(/^offline-[0-9a-f-]{36}$/);
  });

  it('explains an amount the bill no longer owes (1406) in words and keeps the key for the retry', async () => {
    const fetchMock = backend({ offline: [{ code: 1406, data: { owed: '1246.00' } }] });
    await renderScreen(fetchMock);
    await click(byText(row(3), 'button', '登记线下还款'));
    await type(field('付款人'), '张三');
    await type(field('银行流水号'), 'CMB001');
    await pickVoucher();
    await click(byText(dialog()!, 'button', '确认登记'));
    expect(dialog()!.querySelector('[role="alert"]')!.textContent).toContain('本期应还金额已变化');
    expect(dialog()!.textContent).not.toContain('1406');
    await click(byText(dialog()!, 'button', '确认登记'));
    const keys = bodies(fetchMock, 'recordOfflineRepayment').map((body) => body.idempotency_key);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });
});

describe('BillingDetailsScreen: early settlement', () => {
  it('shows the quote and settles it offline with a voucher', async () => {
    const fetchMock = backend();
    await renderScreen(fetchMock);
    await click(byText(document.body, 'button', '提前结清'));
    await until(() => Boolean(dialog()?.textContent?.includes('结清总额')));
    expect(dialog()!.textContent).toContain('¥2,355.80');
    expect(dialog()!.textContent).toContain('提前结清优惠（10%）');
    expect(dialog()!.textContent).toContain('买断价');
    expect(dialog()!.textContent).toContain('结清后订单即为买断完成');
    await click(dialog()!.querySelector('input[value="offline"]'));
    await click(byText(dialog()!, 'button', '确认结清 ¥2,355.80'));
    expect(dialog()!.textContent).toContain('请选择还款凭证图片');
    expect(calls(fetchMock, 'settleEarly')).toHaveLength(0);
    await type(field('付款人'), '张三');
    await type(field('银行流水号'), 'CMB002');
    await pickVoucher();
    await click(byText(dialog()!, 'button', '确认结清 ¥2,355.80'));
    await until(() => dialog() === null);
    const [sent] = bodies(fetchMock, 'settleEarly');
    expect(sent).toMatchObject({ order_id: 7, total: '2355.80', method: 'offline', offline: { channel: 'bank_transfer', payer_name: '张三', bank_reference: 'CMB002' } });
    expect(sent.idempotency_key).toMatch(/^early-/);
  });

  it('reads a changed quote again (1407), then waits for the provider and asks again with the same key', async () => {
    const fetchMock = backend({ settle: [{ code: 1407, data: { total: '2360.30' } }, { code: 200, data: 'processing' }, { code: 200, data: 'succeeded' }], quoteTotals: ['2355.80', '2360.30'] });
    await renderScreen(fetchMock);
    await click(byText(document.body, 'button', '提前结清'));
    await until(() => Boolean(dialog()?.textContent?.includes('结清总额')));
    await click(byText(dialog()!, 'button', '确认结清 ¥2,355.80'));
    await until(() => Boolean(dialog()?.textContent?.includes('结清金额已变化')));
    await until(() => Boolean(byText(dialog()!, 'button', '确认结清 ¥2,360.30')));
    await click(byText(dialog()!, 'button', '确认结清 ¥2,360.30'));
    await until(() => Boolean(dialog()?.textContent?.includes('正在等待支付渠道确认')));
    await click(byText(dialog()!, 'button', '刷新结果'));
    await until(() => dialog() === null);
    const sent = bodies(fetchMock, 'settleEarly');
    expect(sent.map((body) => [body.total, body.method])).toEqual([
      ['2355.80', 'provider'],
      ['2360.30', 'provider'],
      ['2360.30', 'provider'],
    ]);
    expect(sent[2].idempotency_key).toBe(sent[1].idempotency_key);
  });
});
