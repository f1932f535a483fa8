import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, byText, click, render, type, until, withQueryClient } from '@/components/__tests__/render';
import { ApplyWithdrawalScreen } from '../ApplyWithdrawalScreen';

const router = vi.hoisted(() => ({ push: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router }));
vi.mock('next/link', async () => (await import('@/components/__tests__/mocks')).nextLinkMock);


const row = (patch: Record<string, unknown> = {}) => ({
  id: 9, withdrawal_no: 'W9', merchant_id: 1, merchant_name: '演示', amount: '5.00', status: 'pending', status_name: '待审核', needs_two: false, approvals_needed: 1, approvals: [],
  bank_name: '招商银行', account_name: '演示租赁', account_number: '6222 **** 1234', remark: '', applicant: '演示店主', reject_reason: '', failure_reason: '', provider_trade_no: '',
  created_at: '2026-01-01T10:00:00+08:00', paid_at: null, timeline: [], ...patch,
});

function backend(options: { withdrawable?: string; history?: unknown[]; apply?: (body: Record<string, unknown>, attempt: number) => Response } = {}) {
  let withdrawable = options.withdrawable ?? '120.50';
  let attempt = 0;
  return vi.fn(async (url: string, init?: RequestInit) => {
    if (url.includes('/api/v2/getWithdrawalCount')) return answer({ statuses: [], withdrawable, in_flight: '800.00' });
    if (url.includes('/api/finance/withdrawList')) return answer({ list: options.history ?? [], total: 0, page: 1, page_size: 10 });
    if (url.includes('/api/finance/applyWithdraw')) {
      attempt += 1;
      const body = JSON.parse(String(init?.body));
      const reply = options.apply?.(body, attempt);
      if (reply) {
        withdrawable = '3.00';
        return reply;
      }
      return answer(row({ amount: body.amount }));
    }
    return answer(null, 404, `unexpected ${url}`);
  });
}

const calls = (fetchMock: ReturnType<typeof vi.fn>, path: string) => fetchMock.mock.calls.filter(([url]) => String(url).includes(path)) as [string, RequestInit][];
const stat = (id: string) => document.querySelector(`[data-stat="${id}"] dd`)?.textContent;
const amountInput = () => document.querySelector('input[inputmode="decimal"]') as HTMLInputElement;
let cleanup: () => Promise<void> = async () => undefined;
afterEach(async () => {
  await cleanup();
  router.push.mockReset();
});

async function renderScreen(fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  const view = await render(withQueryClient(<ApplyWithdrawalScreen />));
  cleanup = view.unmount;
  await until(() => stat('withdrawable') !== undefined);
}

describe('ApplyWithdrawalScreen', () => {
  it('shows the balance and says the platform’s settlement account is used when there is no earlier withdrawal', async () => {
    await renderScreen(backend());
    expect(stat('withdrawable')).toBe('¥120.50');
    expect(stat('inFlight')).toBe('¥800.00');
    expect(document.body.textContent).toContain('将打款到平台登记的本店结算账户');
  });

  it('shows the latest withdrawal’s account, masked as it came', async () => {
    await renderScreen(backend({ history: [row()] }));
    await until(() => document.body.textContent!.includes('招商银行 · 演示租赁 · 6222 **** 1234'));
  });

  it('checks the amount before sending, fills in everything with "withdraw all", then goes to the list', async () => {
    const fetchMock = backend();
    await renderScreen(fetchMock);
    await type(amountInput(), '130');
    await click(byText(document.body, 'button', '提交申请'));
    expect(document.body.textContent).toContain('不能超过可提现余额 ¥120.50');
    await type(amountInput(), '1.234');
    await click(byText(document.body, 'button', '提交申请'));
    expect(document.body.textContent).toContain('请输入大于 0、最多两位小数的金额');
    expect(calls(fetchMock, 'applyWithdraw')).toHaveLength(0);

    await click(byText(document.body, 'button', '全部提现'));
    expect(amountInput().value).toBe('120.50');
    await click(byText(document.body, 'button', '提交申请'));
    const [, init] = calls(fetchMock, 'applyWithdraw')[0]!;
    expect(JSON.parse(String(init.body))).toEqual({ amount: '120.50', remark: '', idempotency_key: expect.stringMatching(/^withdraw-[0-9a-f-]{36}$/) });
    await until(() => router.push.mock.calls.length === 1);
    expect(router.push).toHaveBeenCalledWith('/cashWithdrawal?status=pending');
  });

  it('explains 1403, reads the balance again, and retries with the same idempotency key', async () => {
    const fetchMock = backend({ apply: (_body, attempt) => (attempt === 1 ? answer({ withdrawable: '3.00' }, 1403, 'exceeds') : undefined) as Response });
    await renderScreen(fetchMock);
    await type(amountInput(), '5');
    await click(byText(document.body, 'button', '提交申请'));
    await until(() => document.body.textContent!.includes('提现金额超过了可提现余额'));
    await until(() => stat('withdrawable') === '¥3.00');
    expect(router.push).not.toHaveBeenCalled();
    await type(amountInput(), '3');
    await click(byText(document.body, 'button', '提交申请'));
    const sent = calls(fetchMock, 'applyWithdraw').map(([, init]) => JSON.parse(String(init.body)).idempotency_key);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toBe(sent[1]);
    await until(() => router.push.mock.calls.length === 1);
  });

  it('explains a shop without a settlement account (1405), never the raw code', async () => {
    await renderScreen(backend({ apply: () => answer(null, 1405, 'no settlement account') }));
    await type(amountInput(), '5');
    await click(byText(document.body, 'button', '提交申请'));
    await until(() => document.body.textContent!.includes('本店还没有结算账户，暂时不能提现'));
    expect(document.body.textContent).not.toContain('1405');
  });
});
