import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, until, withQueryClient } from '@/components/__tests__/render';
import { AgingScreen } from '../AgingScreen';

const session = vi.hoisted(() => ({ search: '' }));
vi.mock('@/components/GlobalStateProvider', () => ({ useGlobalState: (select: (state: unknown) => unknown) => select({ platformType: 0, auth: [{ action: 'data.view' }] }) }));
vi.mock('@/lib/useSearchReplace', async () => (await import('@/components/__tests__/mocks')).searchReplaceMock(session));
vi.mock('../Chart', () => ({
  Chart: ({ option, name }: { option: { series: { name: string; data: number[] }[] }; name: string }) => (
    <div data-chart={name}>{option.series.map((series) => `${series.name}:${series.data.join(',')}`).join('|')}</div>
  ),
}));

const answer = (data: unknown, code = 200) => new Response(JSON.stringify({ code, msg: code === 200 ? 'ok' : '服务繁忙', data }), { status: 200, headers: { 'content-type': 'application/json' } });
const figures = (cases: number, rent: string, fee: string, other: string, total: string) => ({ cases, rent_owed: rent, late_fee_owed: fee, charges_owed: other, total_owed: total });
const BUCKETS = [
  { bucket: 'M1', ...figures(2, '200.00', '10.00', '0.00', '210.00') },
  { bucket: 'M2', ...figures(0, '0.00', '0.00', '0.00', '0.00') },
  { bucket: 'M3', ...figures(0, '0.00', '0.00', '0.00', '0.00') },
  { bucket: 'M3+', ...figures(1, '900.00', '90.00', '300.00', '1290.00') },
];
const ZEROS = BUCKETS.map((bucket) => ({ bucket: bucket.bucket, ...figures(0, '0.00', '0.00', '0.00', '0.00') }));
const aging = { as_of: '2026-11-25', buckets: BUCKETS, all: { ...figures(3, '1100.00', '100.00', '300.00', '1500.00'), merchants: 1 }, list: [{ merchant_id: 1, merchant_name: '杭州演示租赁', ...figures(3, '1100.00', '100.00', '300.00', '1500.00'), as_of: '2026-11-25', buckets: BUCKETS }], total: 1, total_capped: false, page: 1, page_size: 20 };

function backend(options: { fails?: boolean; empty?: boolean } = {}) {
  return vi.fn(async (url: string) => {
    if (url.includes('getPlatformAging')) {
      if (options.fails) return answer(null, 500);
      return answer(options.empty ? { ...aging, as_of: null, buckets: ZEROS, all: { ...figures(0, '0.00', '0.00', '0.00', '0.00'), merchants: 0 }, list: [], total: 0 } : aging);
    }
    if (url.includes('getShopSelections')) return answer([{ id: 1, name: '杭州演示租赁' }]);
    return answer(null, 404);
  });
}

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

async function renderScreen(fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  const view = await render(withQueryClient(<AgingScreen />));
  cleanup = view.unmount;
}

const text = (selector: string) => document.querySelector(selector)?.textContent ?? '';

describe('AgingScreen', () => {
  it('shows the totals per bucket, draws them and lists the merchants', async () => {
    session.search = '';
    await renderScreen(backend());
    await until(() => text('[data-stat="M3+"]').includes('1,290.00'));
    expect(text('[data-stat="total"]')).toContain('1,500.00');
    expect(text('[data-stat="M1"]')).toContain('2 件');
    expect(text('[data-chart="aging-buckets"]')).toBe('租金:200,0,0,900|滞纳金:10,0,0,90|其他费用:0,0,0,300');
    await until(() => document.body.textContent?.includes('杭州演示租赁') ?? false);
    expect(document.body.textContent).toContain('2026-11-25');
  });

  it('asks for the merchant in the URL', async () => {
    session.search = 'merchant_id=1&sort=cases_desc';
    const fetchMock = backend();
    await renderScreen(fetchMock);
    await until(() => fetchMock.mock.calls.some(([url]) => String(url).includes('getPlatformAging')));
    const url = String(fetchMock.mock.calls.find(([called]) => String(called).includes('getPlatformAging'))![0]);
    expect(url).toContain('merchant_id=1');
    expect(url).toContain('sort=cases_desc');
  });

  it('says when nothing is owed, and offers a retry when the call fails', async () => {
    session.search = '';
    await renderScreen(backend({ empty: true }));
    await until(() => document.body.textContent?.includes('暂无欠款') ?? false);
    expect(document.body.textContent).toContain('暂无数据');
    await cleanup();

    await renderScreen(backend({ fails: true }));
    await until(() => document.body.textContent?.includes('账龄数据加载失败') ?? false);
    expect(document.querySelector('button')?.textContent).toBeTruthy();
  });
});
