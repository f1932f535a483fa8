import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, byText, click, render, settle, withQueryClient } from '@/components/__tests__/render';
import { RechargeAuditScreen } from '../RechargeAuditScreen';

const session = vi.hoisted(() => ({ search: '' }));
vi.mock('@/lib/useSearchReplace', async () => (await import('@/components/__tests__/mocks')).searchReplaceMock(session));
vi.mock('next/link', async () => (await import('@/components/__tests__/mocks')).nextLinkMock);


const recharge = (id: number, patch: Record<string, unknown> = {}) => ({
  id, recharge_no: `RC${id}`, merchant_id: 1, merchant_name: '演示租赁商城', method: 'offline', method_name: '线下转账', amount: '500.00', status: 'pending', status_name: '待审核',
  remark: '对公转账', applicant: '店主', has_voucher: true, provider_trade_no: '', failure_reason: '', reject_reason: '', reviewer: '', reviewed_at: null, credited_at: null,
  created_at: '2026-01-01T10:00:00+08:00', ...patch,
});
const OPEN_TO_DECIDE = [
  { action: 'approve', allowed: true, reason_code: '', reason: '' },
  { action: 'reject', allowed: true, reason_code: '', reason: '' },
];
const NOT_PERMITTED = OPEN_TO_DECIDE.map(({ action }) => ({ action, allowed: false, reason_code: 'permission', reason: '没有权限执行此操作' }));
const NOT_NOW = OPEN_TO_DECIDE.map(({ action }) => ({ action, allowed: false, reason_code: 'status', reason: '当前状态「待支付」不允许此操作' }));
const COUNTS = ['paying', 'pending', 'credited', 'failed', 'rejected'].map((value) => ({ value, label: value, count: value === 'pending' ? 2 : 0 }));

function backend(checks: Array<() => Response>) {
  let attempt = 0;
  return vi.fn(async (url: string) => {
    if (url.includes('/api/merchant/merChartList')) return answer({ statuses: COUNTS, list: [recharge(1, { actions: OPEN_TO_DECIDE }), recharge(2, { method: 'qr', status: 'paying', has_voucher: false, actions: NOT_NOW }), recharge(3, { actions: NOT_PERMITTED })], total: 3, page: 1, page_size: 20 });
    if (url.includes('/api/platform/getShopSelections')) return answer([{ id: 1, name: '演示租赁商城' }]);
    if (url.includes('/api/merchant/checkChart')) {
      const reply = checks[Math.min(attempt, checks.length - 1)]!;
      attempt += 1;
      return reply();
    }
    return answer(null, 404, `unexpected ${url}`);
  });
}

const calls = (fetchMock: ReturnType<typeof vi.fn>, path: string) => fetchMock.mock.calls.filter(([url]) => String(url).includes(path)) as [string, RequestInit][];

let cleanup: () => Promise<void> = async () => undefined;
afterEach(async () => {
  await cleanup();
  session.search = '';
  vi.unstubAllGlobals();
});

async function renderScreen(fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  const view = await render(withQueryClient(<RechargeAuditScreen />));
  cleanup = view.unmount;
  for (let round = 0; round < 20 && !document.querySelector('tbody tr'); round += 1) await settle();
}

describe('RechargeAuditScreen', () => {
  it('opens on the recharges awaiting audit and offers the decision on a transfer only', async () => {
    const fetchMock = backend([() => answer(recharge(1, { status: 'credited' }))]);
    await renderScreen(fetchMock);
    expect(calls(fetchMock, 'merChartList')[0]![0]).toContain('status=pending');
    expect(document.querySelector('[aria-label="通过充值 RC1"]')).not.toBeNull();
    expect(document.querySelector('[aria-label="通过充值 RC2"]')).toBeNull();
    // Not this person's to decide: shown disabled, with the server's reason.
    const refused = document.querySelector('[aria-label="驳回充值 RC3"]') as HTMLButtonElement;
    expect([refused.disabled, refused.title]).toEqual([true, '没有权限执行此操作']);
    expect(byText(document.body, 'button', /^待审核/)?.getAttribute('aria-pressed')).toBe('true');
  });

  it('approves with one key per opening: a retry after a lost answer sends the same key; a conflict is explained', async () => {
    const fetchMock = backend([
      () => {
        throw new TypeError('network down');
      },
      () => answer(null, 409, 'conflict'),
    ]);
    await renderScreen(fetchMock);
    await click(document.querySelector('[aria-label="通过充值 RC1"]'));
    expect(document.body.textContent).toContain('确认已收到 演示租赁商城 的转账 ¥500.00');
    await click(byText(document.body, 'button', '通过并入账'));
    await click(byText(document.body, 'button', '通过并入账'));
    const sent = calls(fetchMock, 'checkChart').map(([, init]) => JSON.parse(String(init.body)));
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ id: 1, action: 'approve' });
    expect(sent[0].idempotency_key).toMatch(/^risk-check-/);
    expect(sent[1].idempotency_key).toBe(sent[0].idempotency_key);
    expect(document.body.textContent).toContain('这笔充值的状态已经变了');
  });
});
