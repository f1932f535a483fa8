import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, byText, click, render, settle, type, until, withQueryClient } from '@/components/__tests__/render';
import { AssetReportScreen } from '../AssetReportScreen';

const session = vi.hoisted(() => ({ auth: [{ action: 'asset.view' }] as { action: string }[], search: '', ownSubShop: null as { id: number; name: string } | null }));
vi.mock('@/components/GlobalStateProvider', () => ({ useGlobalState: (select: (state: unknown) => unknown) => select({ platformType: 0, auth: session.auth }) }));
vi.mock('@/features/subshops/lib/useSubShopAccess', () => ({ useSubShopAccess: () => ({ canManage: false, ownSubShop: session.ownSubShop }) }));
vi.mock('@/lib/useSearchReplace', async () => (await import('@/components/__tests__/mocks')).searchReplaceMock(session));

const row = (key: string | null, name: string, patch: Record<string, unknown> = {}) => ({
  key, name, units: 3,
  by_status: [{ status: 'in_stock', label: '在库', count: 2 }, { status: 'out_with_customer', label: '在客户处', count: 1 }],
  by_grade: [{ grade: '95', label: '95新', count: 3 }],
  idle: 1, in_recovery: 1, utilisation: '42.5', average_payback: '118.0', paid_back: 2, average_days_to_pay_back: 96,
  cost_basis: '14997.00', collected: '17696.46', repair_spend: '180.00', book_value: '11203.55', ...patch,
});

function backend(options: { fail?: boolean; empty?: boolean } = {}) {
  return vi.fn(async (url: string) => {
    if (url.includes('/api/backend/getAssetReport')) {
      if (options.fail) return answer(null, 500, 'boom');
      const rows = options.empty ? [] : [row('11', 'iPhone 15 · 256G 黑色'), row('12', 'MacBook Air · 16G', { utilisation: null, average_payback: null })];
      return answer({ group_by: 'sku', idle_days: 30, today: '2026-11-29', rows, total: row(null, '合计', { units: options.empty ? 0 : 6 }) });
    }
    if (url.includes('/api/backend/getSubShopOptions')) return answer([{ id: 7, name: '朝阳门店' }]);
    if (url.includes('/api/backend/getAssetLifeList')) return answer({ categories: [life()] });
    if (url.includes('/api/backend/saveAssetLife')) return answer(life({ life_months: 18, residual_rate: '5', custom: true }));
    return answer(null, 404, `unexpected ${url}`);
  });
}

const life = (patch: Record<string, unknown> = {}) => ({
  category_id: 31, category_name: '手机', base: 'phone', life_months: 24, residual_rate: '10', custom: false,
  default_life_months: 24, default_residual_rate: '10', updated_by_name: '', updated_at: null, ...patch,
});

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

async function mount(fetchMock: ReturnType<typeof backend>, search = '') {
  session.search = search;
  vi.stubGlobal('fetch', fetchMock);
  const view = await render(withQueryClient(<AssetReportScreen />));
  for (let round = 0; round < 10 && !document.querySelector('tbody tr, [role="alert"], .border-dashed'); round += 1) await settle();
  cleanup = view.unmount;
  return view;
}

const reportCalls = (fetchMock: ReturnType<typeof backend>) => fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('getAssetReport'));

describe('AssetReportScreen', () => {
  it('shows each group with its figures, the whole above and a chart of utilisation and payback', async () => {
    await mount(backend());
    expect(document.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(document.querySelector('tbody tr')?.textContent).toContain('iPhone 15 · 256G 黑色');
    expect(document.querySelector('tbody tr')?.textContent).toContain('42.5%');
    expect(document.querySelector('[data-stat="units"]')?.textContent).toContain('6');
    expect(document.querySelectorAll('[data-report-chart] li')).toHaveLength(2);
  });

  it('reads its filters from the URL, asks the call with them, and a group clicked narrows to it', async () => {
    const fetchMock = backend();
    await mount(fetchMock, 'place=warehouse&idle_days=60');
    expect(reportCalls(fetchMock)[0]).toContain('warehouse=true');
    expect(reportCalls(fetchMock)[0]).toContain('idle_days=60');
    await click(document.querySelector('tbody tr button'));
    expect(session.search).toBe('sku_id=11&place=warehouse&idle_days=60');
  });

  it("lets the warehouse set a category's life and residual, and hides it from a viewer", async () => {
    await mount(backend());
    expect(document.querySelector('[data-open-lives]')).toBeNull();
    await cleanup();
    session.auth = [{ action: 'asset.view' }, { action: 'asset.adjust' }];
    const fetchMock = backend();
    await mount(fetchMock);
    await click(document.querySelector('[data-open-lives]'));
    await until(() => Boolean(document.querySelector('[data-life-default]')));
    expect(document.querySelector('[data-life-default]')?.textContent).toContain('24');
    await type(byText(document, 'label', '寿命（月）')?.parentElement?.querySelector('input') as HTMLInputElement, '18');
    await type(byText(document, 'label', '残值（成本的 %）')?.parentElement?.querySelector('input') as HTMLInputElement, '5');
    await click(byText(document, 'button', '保存'));
    await until(() => fetchMock.mock.calls.some(([url]) => String(url).includes('saveAssetLife')));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).includes('saveAssetLife')) as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ category_id: 31, life_months: 18, residual_rate: '5' });
    session.auth = [{ action: 'asset.view' }];
  });

  it('says when nothing matches and when the report fails', async () => {
    await mount(backend({ empty: true }));
    expect(document.body.textContent).toContain('暂无设备');
    await cleanup();
    await mount(backend({ fail: true }));
    expect(document.body.textContent).toContain('报表加载失败');
  });
});
