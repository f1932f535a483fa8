import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, byText, click, render, until, withQueryClient } from '@/components/__tests__/render';
import { WithdrawalListScreen } from '../WithdrawalListScreen';

// The side and the session's actions (global state), and the URL the filters live in.
const session = vi.hoisted(() => ({ platformType: 0 as 0 | 1, auth: [] as { action: string }[], search: '' }));
vi.mock('@/components/GlobalStateProvider', () => ({ useGlobalState: (select: (state: unknown) => unknown) => select({ platformType: session.platformType, auth: session.auth }) }));
vi.mock('@/lib/useSearchReplace', async () => (await import('@/components/__tests__/mocks')).searchReplaceMock(session));
vi.mock('next/link', async () => (await import('@/components/__tests__/mocks')).nextLinkMock);


const withdrawal = (id: number, patch: Record<string, unknown> = {}) => ({
  id, withdrawal_no: `W${id}`, merchant_id: 1, merchant_name: '演示租赁商城', amount: '5.00', status: 'pending', status_name: '待审核', needs_two: false, approvals_needed: 1, approvals: [] as { account_id: number; name: string; created_at: string }[],
  bank_name: '招商银行', account_name: '演示租赁', account_number: '6222 **** 1234', remark: '', applicant: '演示店主', reject_reason: '', failure_reason: '', provider_trade_no: '',
  created_at: '2026-01-01T10:00:00+08:00', paid_at: null, ...patch,
});
const FIRST_APPROVAL = [{ account_id: 7, name: '财务一', created_at: '2026-01-02T10:00:00+08:00' }];
const SAME_APPROVER = '该提现需要另一位财务人员复核';
const ROWS = [
  withdrawal(1),
  withdrawal(2, { amount: '11000.00', status: 'pending', needs_two: true, approvals_needed: 2 }),
  withdrawal(3, { status: 'reviewing', needs_two: true, approvals_needed: 1, amount: '12000.00', approvals: FIRST_APPROVAL }),
  withdrawal(4, { status: 'rejected', reject_reason: '结算账户信息有误' }),
  // The platform account signed in here gave W5's first approval (the server says so in `actions`).
  withdrawal(5, { status: 'reviewing', needs_two: true, approvals_needed: 1, amount: '13000.00', approvals: [{ account_id: 1, name: '平台管理员', created_at: '2026-01-02T11:00:00+08:00' }] }),
];

/** The actions the server offers the caller on a row (zulin/audit/review.py), by side. */
function offered(row: ReturnType<typeof withdrawal>, platform: boolean) {
  const open = row.status === 'pending' || row.status === 'reviewing';
  const refusedForStatus = { allowed: false, reason_code: 'status', reason: `当前状态「${row.status_name}」不允许此操作` };
  const allowed = { allowed: true, reason_code: '', reason: '' };
  if (!platform) return [{ action: 'cancel', ...(open ? allowed : refusedForStatus) }];
  const firstApprover = row.approvals.some((approval) => approval.account_id === 1);
  return [
    { action: 'approve', ...(!open ? refusedForStatus : firstApprover ? { allowed: false, reason_code: 'same_approver', reason: SAME_APPROVER } : allowed) },
    { action: 'reject', ...(open ? allowed : refusedForStatus) },
  ];
}
const COUNTS = [
  { value: 'pending', label: '待审核', count: 2 }, { value: 'reviewing', label: '待复核', count: 2 }, { value: 'paying', label: '打款中', count: 0 }, { value: 'paid', label: '已到账', count: 0 },
  { value: 'failed', label: '打款失败', count: 0 }, { value: 'rejected', label: '已驳回', count: 1 }, { value: 'cancelled', label: '已取消', count: 0 },
];

function backend(options: { operate?: () => Response | undefined } = {}) {
  return vi.fn(async (url: string, init?: RequestInit) => {
    if (url.includes('/api/finance/withdrawList') || url.includes('/api/platform/getWithdrawalRecord')) {
      const platform = url.includes('/api/platform/');
      return answer({ list: ROWS.map((row) => ({ ...row, actions: offered(row, platform) })), total: ROWS.length, page: 1, page_size: 20 });
    }
    if (url.includes('/api/v2/getWithdrawalCount')) return answer({ statuses: COUNTS, withdrawable: '1234.50', in_flight: '23000.00' });
    if (url.includes('/api/platform/getWithdrawalType')) return answer(COUNTS);
    if (url.includes('/api/platform/getShopSelections')) return answer([{ id: 1, name: '演示租赁商城' }]);
    if (url.includes('/api/finance/initDetailForReject')) return answer({ withdrawal: { ...withdrawal(1), timeline: [] }, reasons: [{ label: '结算账户信息有误', label_en: 'The settlement account details are wrong' }, { label: '金额与结算单不符', label_en: 'The amount does not match' }] });
    if (url.includes('/api/platform/operateWithdrawal')) {
      const body = JSON.parse(String(init?.body));
      return options.operate?.() ?? answer({ ...withdrawal(body.id), status: body.action === 'reject' ? 'rejected' : 'paying', timeline: [] });
    }
    if (url.includes('/api/finance/cancelWithdraw')) return answer({ ...withdrawal(1), status: 'cancelled', timeline: [] });
    return answer(null, 404, `unexpected ${url}`);
  });
}

const calls = (fetchMock: ReturnType<typeof vi.fn>, path: string) => fetchMock.mock.calls.filter(([url]) => String(url).includes(path)) as [string, RequestInit][];
const dialog = () => document.querySelector('[role="dialog"]') as HTMLElement | null;
const rowOf = (no: string) => [...document.querySelectorAll('tbody tr')].find((tr) => tr.textContent?.includes(no)) as HTMLElement;
const button = (label: string) => document.querySelector(`button[aria-label="${label}"]`) as HTMLElement | null;
let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

async function renderScreen(fetchMock: ReturnType<typeof vi.fn>, side: { platform: boolean; actions: string[] }) {
  session.platformType = side.platform ? 0 : 1; // PLATFORM_ADMIN is 0
  session.auth = side.actions.map((action) => ({ action }));
  session.search = '';
  vi.stubGlobal('fetch', fetchMock);
  const view = await render(withQueryClient(<WithdrawalListScreen />));
  cleanup = view.unmount;
  await until(() => document.querySelectorAll('tbody tr').length === ROWS.length);
}

describe('WithdrawalListScreen: store', () => {
  it('shows the balance, the tabs with counts, and the rows with masked accounts and reasons', async () => {
    await renderScreen(backend(), { platform: false, actions: ['withdrawal.view', 'withdrawal.apply'] });
    expect(document.querySelector('[data-stat="withdrawable"] dd')?.textContent).toBe('¥1,234.50');
    const tabs = [...document.querySelectorAll('[role="group"] button')].map((tab) => tab.textContent);
    expect(tabs.slice(0, 3)).toEqual(['全部5', '待审核2', '待复核2']);
    expect(rowOf('W2').textContent).toContain('¥11,000.00');
    expect(rowOf('W1').textContent).toContain('招商银行 · 演示租赁 · 6222 **** 1234');
    expect(rowOf('W4').textContent).toContain('结算账户信息有误');
    expect(document.querySelector('a[href="/applyWithdrawal"]')).not.toBeNull();
  });

  it('offers cancel only before approval is complete, confirms, and reads the list again', async () => {
    const fetchMock = backend();
    await renderScreen(fetchMock, { platform: false, actions: ['withdrawal.view', 'withdrawal.apply'] });
    expect(button('取消提现 W3')).not.toBeNull(); // reviewing: still the shop's to take back
    expect(button('取消提现 W4')).toBeNull();
    expect(button('通过提现 W1')).toBeNull(); // the platform's decision
    const listReads = calls(fetchMock, 'withdrawList').length;
    await click(button('取消提现 W1'));
    expect(dialog()!.textContent).toContain('取消提现 W1（¥5.00）？');
    await click(byText(dialog()!, 'button', '确认取消提现'));
    expect(JSON.parse(String(calls(fetchMock, 'cancelWithdraw')[0]![1].body))).toEqual({ id: 1 });
    await until(() => dialog() === null && calls(fetchMock, 'withdrawList').length > listReads);
  });

  it('reads only, without withdrawal.apply: no cancel, no apply link', async () => {
    await renderScreen(backend(), { platform: false, actions: ['withdrawal.view'] });
    expect(button('取消提现 W1')).toBeNull();
    expect(document.querySelector('a[href="/applyWithdrawal"]')).toBeNull();
  });
});

describe('WithdrawalListScreen: platform', () => {
  const AUDIT = { platform: true, actions: ['withdrawal.audit'] };

  it('says a first approval above the threshold waits for a second account, and sends the approval', async () => {
    const fetchMock = backend();
    await renderScreen(fetchMock, AUDIT);
    expect(rowOf('W1').textContent).toContain('演示租赁商城');
    expect(button('取消提现 W1')).toBeNull();
    await click(button('通过提现 W2'));
    expect(dialog()!.textContent).toContain('这是第一次审核');
    expect(dialog()!.textContent).toContain('还需要另一个平台财务账号复核通过才会打款');
    await click(byText(dialog()!, 'button', '通过初审'));
    expect(JSON.parse(String(calls(fetchMock, 'operateWithdrawal')[0]![1].body))).toEqual({ id: 2, action: 'approve', reason: '' });
    await until(() => dialog() === null);

    await click(button('通过提现 W1'));
    expect(dialog()!.textContent).toContain('通过后将向 招商银行 · 演示租赁 · 6222 **** 1234 打款 ¥5.00。');
  });

  it('never offers the first approver the second approval: the button is disabled with the server\'s reason', async () => {
    const fetchMock = backend();
    await renderScreen(fetchMock, AUDIT);
    const approve = button('通过提现 W5') as HTMLButtonElement;
    expect(approve.disabled).toBe(true);
    expect(approve.title).toBe(SAME_APPROVER);
    expect(document.getElementById(approve.getAttribute('aria-describedby')!)?.textContent).toBe(SAME_APPROVER);
    await click(approve);
    expect(dialog()).toBeNull();
    expect(calls(fetchMock, 'operateWithdrawal')).toHaveLength(0);
    expect((button('驳回提现 W5') as HTMLButtonElement).disabled).toBe(false); // may still reject
    expect((button('通过提现 W3') as HTMLButtonElement).disabled).toBe(false); // another's first approval
    expect(button('通过提现 W4')).toBeNull(); // rejected: nothing to decide
  });

  it('explains 1404 if the server refuses anyway: another finance account must give the second approval', async () => {
    await renderScreen(backend({ operate: () => answer(null, 1404, 'same approver') }), AUDIT);
    await click(button('通过提现 W3'));
    expect(dialog()!.textContent).toContain('这是第二次审核');
    await click(byText(dialog()!, 'button', '通过并打款'));
    await until(() => dialog()?.textContent?.includes('需要另一个平台财务账号给出第二次审核') ?? false);
    expect(dialog()!.textContent).not.toContain('1404');
  });

  it('rejects with a preset reason from initDetailForReject, or asks for one', async () => {
    const fetchMock = backend();
    await renderScreen(fetchMock, AUDIT);
    await click(button('驳回提现 W1'));
    await until(() => Boolean(dialog()?.querySelector('input[type="radio"]')));
    expect(String(calls(fetchMock, 'initDetailForReject')[0]![0])).toContain('id=1');
    await click(byText(dialog()!, 'button', '驳回'));
    expect(dialog()!.textContent).toContain('请选择一个驳回原因');
    expect(calls(fetchMock, 'operateWithdrawal')).toHaveLength(0);
    await click(dialog()!.querySelector('input[value="金额与结算单不符"]'));
    await click(byText(dialog()!, 'button', '驳回'));
    expect(JSON.parse(String(calls(fetchMock, 'operateWithdrawal')[0]![1].body))).toEqual({ id: 1, action: 'reject', reason: '金额与结算单不符' });
    await until(() => dialog() === null);
  });
});
