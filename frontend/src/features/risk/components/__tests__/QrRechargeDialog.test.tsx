import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, byText, click, render, type, until, withQueryClient } from '@/components/__tests__/render';
import { RiskWarnings } from '../RiskWarnings';
import { QrRechargeDialog } from '../QrRechargeDialog';

vi.mock('next/link', async () => (await import('@/components/__tests__/mocks')).nextLinkMock);


const recharge = {
  id: 5, recharge_no: 'RC202601011200000001', merchant_id: 1, merchant_name: '演示', method: 'qr', method_name: '扫码充值', amount: '300.00', status: 'paying', status_name: '待支付',
  remark: '', applicant: '店主', has_voucher: false, provider_trade_no: 'T1', failure_reason: '', reject_reason: '', reviewer: '', reviewed_at: null, credited_at: null,
  created_at: '2026-01-01T12:00:00+08:00', timeline: [], voucher_url: null, qr_code: 'http://127.0.0.1/api/sandbox/payments/T1/pay', qr_image: 'data:image/svg+xml,<svg/>', reject_reasons: [],
};

function backend(results: string[]) {
  let asked = 0;
  return vi.fn(async (url: string) => {
    if (url.includes('/api/platform/getRiskRechargePayQrcode')) return answer(recharge);
    if (url.includes('/api/platform/queryPayResult')) {
      const status = results[Math.min(asked, results.length - 1)];
      asked += 1;
      return answer({ kind: 'risk_recharge', status, amount: '300.00' });
    }
    return answer(null, 404, `unexpected ${url}`);
  });
}

const calls = (fetchMock: ReturnType<typeof vi.fn>, path: string) => fetchMock.mock.calls.filter(([url]) => String(url).includes(path)) as [string, RequestInit][];
/** The dialog polls on a timer: real time passes between the rounds. */
const POLL = { rounds: 40, waitMs: 100 };

let cleanup: () => Promise<void> = async () => undefined;
afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

async function open(fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  const view = await render(withQueryClient(<QrRechargeDialog open onClose={() => undefined} />));
  cleanup = view.unmount;
  await until(() => document.querySelector('input[inputmode="decimal"]') !== null, POLL);
}

describe('QrRechargeDialog', () => {
  it('checks the amount before asking for a payment', async () => {
    const fetchMock = backend(['processing']);
    await open(fetchMock);
    await type(document.querySelector('input[inputmode="decimal"]') as HTMLInputElement, '5');
    await click(byText(document.body, 'button', '生成付款码'));
    expect(document.body.textContent).toContain('每次至少充值');
    expect(calls(fetchMock, 'getRiskRechargePayQrcode')).toHaveLength(0);
  });

  it('shows the QR code and asks until the payment is credited', async () => {
    const fetchMock = backend(['processing', 'succeeded']);
    await open(fetchMock);
    await type(document.querySelector('input[inputmode="decimal"]') as HTMLInputElement, '300');
    await click(byText(document.body, 'button', '生成付款码'));
    await until(() => document.querySelector('img[alt="充值付款二维码"]') !== null, POLL);
    const [, init] = calls(fetchMock, 'getRiskRechargePayQrcode')[0]!;
    const body = JSON.parse(String(init.body));
    expect(body.amount).toBe('300.00');
    expect(body.idempotency_key).toMatch(/^risk-qr-/);
    expect(document.body.textContent).toContain('等待付款');
    await until(() => (document.body.textContent ?? '').includes('已到账：¥300.00 已充入风控余额'), POLL);
    expect(calls(fetchMock, 'queryPayResult').length).toBeGreaterThanOrEqual(2);
    expect(calls(fetchMock, 'queryPayResult')[0]![0]).toContain('out_no=RC202601011200000001');
  });
});

describe('RiskWarnings', () => {
  const balance = { balance: '6.00', intake_price: '2.00', low_threshold: '20.00', low: true, unchecked_orders: 2 };

  it('says how many orders were left unchecked and that the balance runs low, with the way out', async () => {
    const view = await render(<RiskWarnings balance={balance} canRecharge canAudit />);
    cleanup = view.unmount;
    expect(view.container.querySelector('[data-warning="unchecked"]')?.textContent).toContain('有 2 笔订单因风控余额不足未做风控检测');
    expect(view.container.querySelector('[data-warning="low"]')?.textContent).toContain('风控余额仅剩 ¥6.00，不足 10 单');
    expect(view.container.querySelector('a[href="/riskRecharge"]')).not.toBeNull();
    expect(view.container.querySelector('a[href="/regularOrder?status=awaiting_audit"]')).not.toBeNull();
  });

  it('shows nothing when all is well', async () => {
    const view = await render(<RiskWarnings balance={{ ...balance, low: false, unchecked_orders: 0 }} canRecharge canAudit />);
    cleanup = view.unmount;
    expect(view.container.textContent).toBe('');
  });
});
