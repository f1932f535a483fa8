import { describe, expect, it } from 'vitest';
import { categoryAt, layout, niceTicks } from '../chartGeometry';
import { dueReceivedOption, ordersOption } from '../chartOptions';
import type { Curve } from '../../queries';

const curve = (total: string, points: { date: string; amount: string }[]): Curve => ({ date_from: '', date_to: '', granularity: 'day', total, points });

const format = (value: number) => String(value);

describe('the data centre chart geometry', () => {
  it('takes round steps from zero to above the highest value', () => {
    expect(niceTicks([3, 7, 12])).toEqual([0, 2.5, 5, 7.5, 10, 12.5]);
    expect(niceTicks([399, 798])).toEqual([0, 200, 400, 600, 800]);
    expect(niceTicks([0, 0])).toEqual([0, 1]);
    expect(niceTicks([-30, 50])).toEqual([-40, -20, 0, 20, 40, 60]);
  });

  it('puts each bar series side by side within its category, as tall as its value', () => {
    const option = dueReceivedOption(
      curve('1197', [{ date: '2026-11-01', amount: '399' }, { date: '2026-11-02', amount: '798' }]),
      curve('399', [{ date: '2026-11-01', amount: '0' }, { date: '2026-11-02', amount: '399' }]),
      { due: 'due', received: 'received' },
    );
    const geometry = layout(option, 400, 200, new Set(), format);
    const [due, received] = geometry.bars;
    expect(due!.rects[1]!.height).toBeCloseTo(due!.rects[0]!.height * 2);
    expect(received!.rects[0]!.height).toBe(0);
    // Side by side in the same category, the second right of the first.
    expect(received!.rects[1]!.x).toBeGreaterThan(due!.rects[1]!.x);
    expect(received!.rects[1]!.x + received!.rects[1]!.width).toBeLessThanOrEqual(geometry.plot.left + geometry.band * 2);
    // The highest bar stays inside the plot.
    expect(due!.rects[1]!.y).toBeGreaterThanOrEqual(geometry.plot.top);
  });

  it('scales the deal value on its own right axis, and a hidden series leaves the axes', () => {
    const option = ordersOption(
      { points: [{ date: '2026-11-01', orders: 2, deals: 1, deal_value: '5000.00' }, { date: '2026-11-02', orders: 4, deals: 2, deal_value: '10000.00' }] } as never,
      { orders: 'orders', deals: 'deals', dealValue: 'value' },
    );
    const shown = layout(option, 600, 240, new Set(), format);
    expect(shown.axes[0]!.ticks.at(-1)).toBeLessThan(10);
    expect(shown.axes[1]!.ticks.at(-1)).toBeGreaterThanOrEqual(10000);
    expect(shown.lines.map((line) => line.series.name)).toEqual(['orders', 'deals']);
    // The four orders reach the top tick's share of the height on the left axis.
    const orders = shown.lines[0]!;
    expect(orders.points[1]!.y).toBeLessThan(orders.points[0]!.y);

    const withoutOrders = layout(option, 600, 240, new Set(['orders']), format);
    expect(withoutOrders.lines.map((line) => line.series.name)).toEqual(['deals']);
    expect(withoutOrders.axes[0]!.ticks.at(-1)).toBeLessThan(shown.axes[0]!.ticks.at(-1)!);
  });

  it('labels only as many dates as fit, and finds the category under the pointer', () => {
    const dates = Array.from({ length: 90 }, (_, index) => `2026-09-${String(index).padStart(2, '0')}`);
    const option = dueReceivedOption(
      curve('0', dates.map((date) => ({ date, amount: '1' }))),
      curve('0', dates.map((date) => ({ date, amount: '1' }))),
      { due: 'due', received: 'received' },
    );
    const phone = layout(option, 340, 240, new Set(), format);
    const labels = Math.ceil(90 / phone.labelStep);
    expect(labels * 70).toBeLessThanOrEqual(phone.plot.right - phone.plot.left + 70);
    expect(categoryAt(phone, phone.center(10), 90)).toBe(10);
    expect(categoryAt(phone, phone.plot.left - 1, 90)).toBeNull();
  });
});
