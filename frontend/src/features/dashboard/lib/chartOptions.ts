/**
 * The data centre's chart options, built from the calls' answers (plain objects: testable
 * without a canvas). Money stays a string in the answers; the charts plot its number.
 */
import type { Curve, OrderSeries } from '../queries';

export interface SeriesSpec {
  name: string;
  type: 'bar' | 'line';
  data: number[];
  yAxisIndex?: number;
}

export interface ChartOption {
  color: string[];
  tooltip: { trigger: 'axis' };
  legend: { top: 0 };
  grid: { left: number; right: number; top: number; bottom: number; containLabel: true };
  xAxis: { type: 'category'; data: string[] };
  yAxis: { type: 'value' }[];
  series: SeriesSpec[];
}

const COLORS = ['#2563eb', '#16a34a', '#f59e0b', '#dc2626'];

function base(dates: string[], series: SeriesSpec[], axes = 1): ChartOption {
  return {
    color: COLORS,
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 8, right: 8, top: 32, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: dates },
    yAxis: Array.from({ length: axes }, () => ({ type: 'value' as const })),
    series,
  };
}

/** Due against received per day or month (the two curves share their dates). */
export function dueReceivedOption(due: Curve, received: Curve, names: { due: string; received: string }): ChartOption {
  return base(due.points.map((point) => point.date), [
    { name: names.due, type: 'bar', data: due.points.map((point) => Number(point.amount)) },
    { name: names.received, type: 'bar', data: received.points.map((point) => Number(point.amount)) },
  ]);
}

/** Orders and deals (counts, left axis) with the deal value (money, right axis). */
export function ordersOption(orders: OrderSeries, names: { orders: string; deals: string; dealValue: string }): ChartOption {
  return base(
    orders.points.map((point) => point.date),
    [
      { name: names.orders, type: 'line', data: orders.points.map((point) => point.orders) },
      { name: names.deals, type: 'line', data: orders.points.map((point) => point.deals) },
      { name: names.dealValue, type: 'bar', data: orders.points.map((point) => Number(point.deal_value)), yAxisIndex: 1 },
    ],
    2,
  );
}

/** Nothing to draw: every point is zero. */
export function allZero(option: ChartOption): boolean {
  return option.series.every((series) => series.data.every((value) => value === 0));
}
