import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { click, render } from '@/components/__tests__/render';
import { ordersOption } from '../../lib/chartOptions';
import { Chart } from '../Chart';

const option = ordersOption(
  {
    points: [
      { date: '2026-11-01', orders: 2, deals: 1, deal_value: '5000.00' },
      { date: '2026-11-02', orders: 4, deals: 3, deal_value: '12000.50' },
    ],
  } as never,
  { orders: '订单数', deals: '成交数', dealValue: '成交金额' },
);

describe('a data centre chart', () => {
  beforeEach(() => {
    // jsdom lays nothing out: the chart's box is 600 × 260.
    vi.stubGlobal('ResizeObserver', class { observe() {} disconnect() {} });
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ width: 600, height: 260, left: 0, top: 0, right: 600, bottom: 260, x: 0, y: 0, toJSON() {} });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('draws every series once its box is measured', async () => {
    const { container } = await render(<Chart option={option} label="订单趋势" name="orders-curve" />);
    const chart = container.querySelector('[data-chart="orders-curve"]')!;
    expect(chart.getAttribute('data-drawn')).toBe('true');
    expect(chart.querySelector('svg[role="img"]')?.getAttribute('aria-label')).toBe('订单趋势');
    expect([...chart.querySelectorAll('[data-series]')].map((group) => group.getAttribute('data-series'))).toEqual(['成交金额', '订单数', '成交数']);
    expect(chart.querySelectorAll('[data-series="成交金额"] rect')).toHaveLength(2);
    expect(chart.textContent).toContain('2026-11-02');
  });

  it('hides and shows a series from its legend entry', async () => {
    const { container } = await render(<Chart option={option} label="订单趋势" name="orders-curve" />);
    const legend = [...container.querySelectorAll('button')].find((button) => button.textContent === '订单数')!;
    expect(legend.getAttribute('aria-pressed')).toBe('true');
    await click(legend);
    expect(legend.getAttribute('aria-pressed')).toBe('false');
    expect(container.querySelector('[data-series="订单数"]')).toBeNull();
    await click(legend);
    expect(container.querySelector('[data-series="订单数"]')).not.toBeNull();
  });

  it('tells the values of the day chosen with the arrow keys', async () => {
    const { container } = await render(<Chart option={option} label="订单趋势" name="orders-curve" />);
    const svg = container.querySelector('svg')!;
    const press = (key: string) => act(async () => void svg.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true })));
    await press('ArrowRight');
    await press('ArrowRight');
    const tooltip = container.querySelector('[role="status"]')!;
    expect(tooltip.textContent).toContain('2026-11-02');
    expect(tooltip.textContent).toContain('订单数4');
    expect(tooltip.textContent).toContain('成交金额12,000.5');
    await press('Escape');
    expect(container.querySelector('[role="status"]')).toBeNull();
  });
});
