import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, byText, click, render, type, until, withQueryClient } from '@/components/__tests__/render';
import { ReconciliationScreen } from '../ReconciliationScreen';

// The session's actions (global state), and the URL the filters live in.
const session = vi.hoisted(() => ({ auth: [] as { action: string }[], search: '' }));
vi.mock('@/components/GlobalStateProvider', () => ({ useGlobalState: (select: (state: unknown) => unknown) => select({ platformType: 0, auth: session.auth }) }));
vi.mock('@/lib/useSearchReplace', async () => (await import('@/components/__tests__/mocks')).searchReplaceMock(session));


const run = (id: number, patch: Record<string, unknown> = {}) => ({
  id, merchant_id: 1, merchant_name: '演示租赁商城', day: '2026-11-23', status: 'balanced', status_name: '已平账',
  provider_count: 3, provider_amount: '899.00', ledger_count: 3, ledger_amount: '899.00', matched_count: 3, matched_amount: '899.00',
  mismatch_count: 0, mismatch_amount: '0.00', open_count: 0, error: '', attempts: 1, started_at: null, finished_at: '2026-11-24T03:00:05+08:00', ...patch,
});
const mismatch = (id: number, patch: Record<string, unknown> = {}) => ({
  id, run_id: 1, merchant_id: 1, day: '2026-11-23', kind: 'missing_in_ledger', kind_name: '渠道成功，账本无记录', operation: 'withhold', out_no: `ORD1B00${id}`, trade_no: `T2026${id}`,
  provider_status: 'succeeded', provider_amount: '399.00', ledger_amount: null, ledger_reference: '', difference: '399.00', detail: '', status: 'open', resolution: '', resolution_name: '',
  note: '', resolved_by: '', resolved_at: null, can_sync: true, ...patch,
});
const RUNS = [
  run(1, { status: 'mismatched', status_name: '有差异', mismatch_count: 2, open_count: 1, mismatch_amount: '465.00' }),
  run(2, { merchant_id: 2, merchant_name: 'Acme 数码租赁' }),
  run(3, { day: '2026-11-21', status: 'failed', status_name: '对账失败', provider_count: 0, provider_amount: '0.00', matched_count: 0, matched_amount: '0.00', error: 'SYSTEM_ERROR: down' }),
];
const STATUSES = [
  { value: 'running', label: '对账中', count: 0 }, { value: 'balanced', label: '已平账', count: 1 }, { value: 'mismatched', label: '有差异', count: 1 },
  { value: 'resolved', label: '差异已处理', count: 0 }, { value: 'failed', label: '对账失败', count: 1 },
];
const MISMATCHES = [
  mismatch(2),
  mismatch(3, { kind: 'missing_in_ledger', operation: 'pay', out_no: 'WALKIN-1', provider_amount: '66.00', difference: '66.00', status: 'resolved', resolution: 'written_off', note: '线下收款，核销', resolved_by: '财务一', resolved_at: '2026-11-24T09:00:00+08:00', can_sync: false }),
];

function backend(options: { sync?: () => Response } = {}) {
  return vi.fn(async (url: string, init?: RequestInit) => {
    if (url.includes('/api/platform/getReconciliationRuns')) return answer({ statuses: STATUSES, list: RUNS, total: RUNS.length, page: 1, page_size: 20 });
    if (url.includes('/api/platform/getReconciliationRun')) return answer({ run: RUNS[0], mismatches: MISMATCHES });
    if (url.includes('/api/platform/getShopSelections')) return answer([{ id: 1, name: '演示租赁商城' }, { id: 2, name: 'Acme 数码租赁' }]);
    if (url.includes('/api/platform/resolveReconciliationMismatch')) {
      const body = JSON.parse(String(init?.body));
      return answer(mismatch(body.id, { status: 'resolved', resolution: body.resolution, note: body.note }));
    }
    if (url.includes('/api/platform/syncReconciliationMismatch')) return options.sync?.() ?? answer({ synced: true, mismatch: mismatch(2, { status: 'resolved', resolution: 'synced' }) });
    if (url.includes('/api/platform/rerunReconciliation')) return answer(run(1, { attempts: 2 }));
    return answer(null, 404, `unexpected ${url}`);
  });
}

const calls = (fetchMock: ReturnType<typeof vi.fn>, path: string) => fetchMock.mock.calls.filter(([url]) => String(url).includes(path)) as [string, RequestInit][];
// The run's dialog stays open under the one a difference's action opens: the top one is last.
const dialog = () => ([...document.querySelectorAll('[role="dialog"]')].at(-1) as HTMLElement | undefined) ?? null;
const rowOf = (text: string) => [...document.querySelectorAll('tbody tr')].find((tr) => tr.textContent?.includes(text)) as HTMLElement;
const button = (label: string) => document.querySelector(`button[aria-label="${label}"]`) as HTMLElement | null;
let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

async function renderScreen(fetchMock: ReturnType<typeof vi.fn>, actions: string[]) {
  session.auth = actions.map((action) => ({ action }));
  session.search = '';
  vi.stubGlobal('fetch', fetchMock);
  const view = await render(withQueryClient(<ReconciliationScreen />));
  cleanup = view.unmount;
  await until(() => document.querySelectorAll('tbody tr').length === RUNS.length);
}

const FINANCE = ['finance.view', 'reconciliation.resolve'];

describe('ReconciliationScreen', () => {
  it('lists the runs with status tabs and counts, and what differs', async () => {
    await renderScreen(backend(), FINANCE);
    const tabs = [...document.querySelectorAll('[role="group"] button')].map((tab) => tab.textContent);
    expect(tabs.slice(0, 3)).toEqual(['全部3', '有差异1', '对账失败1']);
    expect(rowOf('演示租赁商城').textContent).toContain('1 笔待处理 / 共 2 笔¥465.00');
    expect(rowOf('Acme').textContent).toContain('已平账');
    expect(rowOf('Acme').textContent).toContain('3 笔¥899.00');
    await click(byText(document, 'button', '有差异1'));
    expect(session.search).toContain('status=mismatched');
  });

  it("opens a run's differences and resolves one with how and a note", async () => {
    const fetchMock = backend();
    await renderScreen(fetchMock, FINANCE);
    await click(button('查看 演示租赁商城 2026-11-23 的差异'));
    await until(() => dialog()?.textContent?.includes('ORD1B002') ?? false);
    expect(dialog()!.textContent).toContain('渠道成功，账本无记录');
    expect(dialog()!.textContent).toContain('核销，财务一 于');
    expect(dialog()!.textContent).toContain('线下收款，核销');
    await click(byText(dialog()!, 'button', '处理'));
    await until(() => Boolean(dialog()?.querySelector('input[type="radio"]')));
    await click(dialog()!.querySelector('input[value="provider_error"]'));
    await click(byText(dialog()!, 'button', '确认处理'));
    expect(dialog()!.textContent).toContain('请填写处理说明');
    expect(calls(fetchMock, 'resolveReconciliationMismatch')).toHaveLength(0);
    await type(dialog()!.querySelector('textarea')!, '渠道确认误扣，已原路退回');
    await click(byText(dialog()!, 'button', '确认处理'));
    expect(JSON.parse(String(calls(fetchMock, 'resolveReconciliationMismatch')[0]![1].body))).toEqual({ id: 2, resolution: 'provider_error', note: '渠道确认误扣，已原路退回' });
  });

  it('asks the provider again, and explains when we have nothing under that number', async () => {
    await renderScreen(backend({ sync: () => answer(null, 1451, 'nothing') }), FINANCE);
    await click(button('查看 演示租赁商城 2026-11-23 的差异'));
    await until(() => dialog()?.textContent?.includes('ORD1B002') ?? false);
    await click(byText(dialog()!, 'button', '重新查询渠道'));
    await click(byText(dialog()!, 'button', '重新查询'));
    await until(() => dialog()?.textContent?.includes('我方没有该交易号的支付记录，无法同步') ?? false);
    expect(dialog()!.textContent).not.toContain('1451');
  });

  it('reads only with finance.view: no re-run, no resolve', async () => {
    await renderScreen(backend(), ['finance.view']);
    expect(button('重新核对 演示租赁商城 2026-11-23')).toBeNull();
    await click(button('查看 演示租赁商城 2026-11-23 的差异'));
    await until(() => dialog()?.textContent?.includes('ORD1B002') ?? false);
    expect(byText(dialog()!, 'button', '处理')).toBeUndefined();
    expect(byText(dialog()!, 'button', '重新对账')).toBeUndefined();
  });

  it('re-runs a day after confirming', async () => {
    const fetchMock = backend();
    await renderScreen(fetchMock, FINANCE);
    await click(button('重新核对 Acme 数码租赁 2026-11-23'));
    expect(dialog()!.textContent).toContain('现在重新核对 Acme 数码租赁 2026-11-23');
    await click(byText(dialog()!, 'button', '重新对账'));
    expect(JSON.parse(String(calls(fetchMock, 'rerunReconciliation')[0]![1].body))).toEqual({ merchant_id: 2, day: '2026-11-23' });
    await until(() => dialog() === null);
  });
});
