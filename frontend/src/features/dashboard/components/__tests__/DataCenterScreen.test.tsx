import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, until, withQueryClient } from '@/components/__tests__/render';
import { DataCenterScreen } from '../DataCenterScreen';

const session = vi.hoisted(() => ({ platformType: 1, search: 'date_from=2026-11-18&date_to=2026-11-24' }));
vi.mock('@/components/GlobalStateProvider', () => ({ useGlobalState: (select: (state: unknown) => unknown) => select({ platformType: session.platformType, auth: [{ action: 'data.view' }] }) }));
vi.mock('@/lib/useSearchReplace', async () => (await import('@/components/__tests__/mocks')).searchReplaceMock(session));
// No canvas in the test DOM: the chart shows what it would plot.
vi.mock('../Chart', () => ({
  Chart: ({ option, name }: { option: { series: { name: string; data: number[] }[] }; name: string }) => (
    <div data-chart={name}>{option.series.map((series) => `${series.name}:${series.data.join(',')}`).join('|')}</div>
  ),
}));

const answer = (data: unknown, code = 200) => new Response(JSON.stringify({ code, msg: code === 200 ? 'ok' : '服务繁忙', data }), { status: 200, headers: { 'content-type': 'application/json' } });
const DAYS = ['2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24'];
const period = { date_from: '2026-11-18', date_to: '2026-11-24', granularity: 'day' };
const figures = (patch: Record<string, unknown> = {}) => ({
  orders: 3, deals: 2, deal_value: '9576.00', rent_due: '1197.00', rent_received: '798.00', buyout_due: '0.00', buyout_received: '0.00',
  overdue_amount: '399.00', overdue_base: '798.00', overdue_rate: '50.00', ...patch,
});
const curve = (amounts: Record<string, string>) => ({ ...period, points: DAYS.map((date) => ({ date, amount: amounts[date] ?? '0.00' })), total: Object.values(amounts).reduce((sum, a) => sum + Number(a), 0).toFixed(2) });
const none = Object.fromEntries(Object.keys(figures()).map((key) => [key, null]));

function backend(options: { overviewFails?: boolean } = {}) {
  return vi.fn(async (url: string) => {
    if (url.includes('getDataOverview')) {
      if (options.overviewFails) return answer(null, 500);
      return answer({ ...period, previous_from: '2026-11-11', previous_to: '2026-11-17', current: figures(), previous: figures({ orders: 2, overdue_rate: null }), change: { ...none, orders: '50.00' } });
    }
    if (url.includes('getOrderDataCount')) return answer({ ...period, points: DAYS.map((date) => ({ date, orders: date === '2026-11-24' ? 3 : 0, deals: date === '2026-11-24' ? 2 : 0, deal_value: date === '2026-11-24' ? '9576.00' : '0.00' })), orders: 3, deals: 2, deal_value: '9576.00' });
    if (url.includes('getReceivedRentCurve')) return answer(curve({ '2026-11-24': '798.00' }));
    if (url.includes('getRentCurve')) return answer(curve({ '2026-11-21': '399.00', '2026-11-23': '399.00', '2026-11-24': '399.00' }));
    if (url.includes('FinalPaymentCurve')) return answer(curve({}));
    if (url.includes('getOrderGoodsCount')) return answer({ ...period, items: [{ merchant_id: 1, merchant_name: '', goods_id: 5, goods_title: 'iPhone 15 Pro', orders: 3, deals: 2, deal_value: '9576.00' }], orders: 3, deals: 2, deal_value: '9576.00' });
    if (url.includes('getEcommerceOrderGoodsCount')) return answer({ ...period, items: [], orders: 0, deals: 0, deal_value: '0.00' });
    return answer(null, 404);
  });
}

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

async function renderScreen(fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  const view = await render(withQueryClient(<DataCenterScreen />));
  cleanup = view.unmount;
}

const text = (selector: string) => document.querySelector(selector)?.textContent ?? '';

describe('DataCenterScreen', () => {
  it("shows the period's figures against the previous period and draws due against received", async () => {
    const fetchMock = backend();
    await renderScreen(fetchMock);
    await until(() => text('[data-stat="orders"]').includes('3'));
    expect(text('[data-stat="orders"]')).toContain('较上期 +50.00%');
    expect(text('[data-stat="rent_received"]')).toContain('798.00');
    expect(text('[data-stat="overdue_rate"]')).toContain('50.00%');
    expect(text('[data-stat="deals"]')).toContain('上期无数据');
    await until(() => text('[data-chart="rent-curve"]') !== '');
    expect(text('[data-chart="rent-curve"]')).toBe('应收租金:0,0,0,399,0,399,399|实收租金:0,0,0,0,0,0,798');
    expect(text('[data-chart="orders-curve"]')).toContain('订单数:0,0,0,0,0,0,3');
    // Nothing to draw for the buyout: the empty state, not a blank chart.
    expect(text('[data-card="buyout-curve"]')).toContain('所选期间暂无数据');
    expect(text('[data-card="goods-lease"]')).toContain('iPhone 15 Pro');
    expect(text('[data-card="goods-lease"]')).toContain('3 单 · 成交 2');
    expect(text('[data-card="goods-purchase"]')).toContain('所选期间暂无订单');
    // The period the calls asked for is the URL's.
    expect(String(fetchMock.mock.calls.find(([url]) => String(url).includes('getDataOverview'))?.[0])).toContain('date_from=2026-11-18');
  });

  it('keeps month granularity in the URL', async () => {
    await renderScreen(backend());
    const select = [...document.querySelectorAll('select')][0] as HTMLSelectElement;
    await act(async () => {
      select.value = 'month';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(session.search).toContain('granularity=month');
    session.search = 'date_from=2026-11-18&date_to=2026-11-24';
  });

  it('offers a retry when the figures cannot be loaded', async () => {
    await renderScreen(backend({ overviewFails: true }));
    await until(() => text('[data-card="overview"]').includes('数据加载失败'));
    expect(document.querySelector('[data-card="overview"] button')?.textContent).toBe('重试');
  });
});
