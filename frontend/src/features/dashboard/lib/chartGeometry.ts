/**
 * Where the data centre's charts put things (plain numbers: testable without a browser). The
 * charts are small SVG drawings of `ChartOption`: a category axis, one or two value axes, bars
 * side by side within a category, lines through the categories' centres.
 */
import type { ChartOption, SeriesSpec } from './chartOptions';

/** About five round steps from zero (or the lowest value below zero) to above the highest value. */
export function niceTicks(values: number[], count = 5): number[] {
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  if (high === low) return [0, 1];
  const rough = (high - low) / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough) ?? 10 * power;
  const first = Math.floor(low / step) * step;
  const ticks: number[] = [];
  for (let tick = first; tick < high + step / 2; tick += step) ticks.push(Number(tick.toPrecision(12)));
  if ((ticks.at(-1) ?? 0) < high) ticks.push(Number((first + ticks.length * step).toPrecision(12)));
  return ticks;
}

export interface Axis {
  ticks: number[];
  /** The y coordinate of a value. */
  y: (value: number) => number;
}

export interface Geometry {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  /** Width of one category. */
  band: number;
  axes: Axis[];
  /** Centre x of category `index`. */
  center: (index: number) => number;
  /** Every `labelStep`-th category is labelled (the labels never overlap). */
  labelStep: number;
  bars: { series: SeriesSpec; seriesIndex: number; rects: { x: number; y: number; width: number; height: number }[] }[];
  lines: { series: SeriesSpec; seriesIndex: number; points: { x: number; y: number }[] }[];
}

const CHAR_WIDTH = 6.5;
const X_LABEL_HEIGHT = 18;
const PAD = 8;

/** The layout of `option` in a `width` × `height` box, with the series named in `hidden` left out. */
export function layout(option: ChartOption, width: number, height: number, hidden: ReadonlySet<string>, formatTick: (value: number) => string): Geometry {
  const visible = option.series.map((series, seriesIndex) => ({ series, seriesIndex })).filter(({ series }) => !hidden.has(series.name));
  const axisCount = option.yAxis.length;
  const tickSets = Array.from({ length: axisCount }, (_, axis) =>
    niceTicks(visible.filter(({ series }) => (series.yAxisIndex ?? 0) === axis).flatMap(({ series }) => series.data)),
  );
  const labelWidth = (ticks: number[]) => Math.max(...ticks.map((tick) => formatTick(tick).length)) * CHAR_WIDTH + PAD;
  const left = PAD + labelWidth(tickSets[0] ?? [0]);
  const right = width - PAD - (axisCount > 1 ? labelWidth(tickSets[1] ?? [0]) : 0);
  const top = PAD;
  const bottom = height - PAD - X_LABEL_HEIGHT;
  const plotWidth = Math.max(right - left, 1);
  const plotHeight = Math.max(bottom - top, 1);
  const categories = option.xAxis.data;
  const band = plotWidth / Math.max(categories.length, 1);
  const axes = tickSets.map((ticks) => {
    const low = ticks[0] ?? 0;
    const high = ticks.at(-1) ?? 1;
    return { ticks, y: (value: number) => bottom - ((value - low) / (high - low || 1)) * plotHeight };
  });
  const center = (index: number) => left + band * (index + 0.5);
  const widest = Math.max(...categories.map((label) => label.length), 1) * CHAR_WIDTH + PAD;
  const labelStep = Math.max(1, Math.ceil(widest / band));

  const barSeries = visible.filter(({ series }) => series.type === 'bar');
  const group = band * 0.7;
  const barWidth = barSeries.length ? group / barSeries.length : 0;
  const bars = barSeries.map(({ series, seriesIndex }, order) => {
    const axis = axes[series.yAxisIndex ?? 0]!;
    const zero = axis.y(0);
    return {
      series,
      seriesIndex,
      rects: series.data.map((value, index) => {
        const y = axis.y(value);
        return { x: left + band * index + (band - group) / 2 + order * barWidth, y: Math.min(y, zero), width: Math.max(barWidth - 1, 1), height: Math.abs(zero - y) };
      }),
    };
  });
  const lines = visible
    .filter(({ series }) => series.type === 'line')
    .map(({ series, seriesIndex }) => {
      const axis = axes[series.yAxisIndex ?? 0]!;
      return { series, seriesIndex, points: series.data.map((value, index) => ({ x: center(index), y: axis.y(value) })) };
    });
  return { width, height, plot: { left, right, top, bottom }, band, axes, center, labelStep, bars, lines };
}

/** The category under x, or null outside the plot. */
export function categoryAt(geometry: Geometry, x: number, count: number): number | null {
  const { left, right } = geometry.plot;
  if (x < left || x > right || count === 0) return null;
  return Math.min(count - 1, Math.max(0, Math.floor((x - left) / geometry.band)));
}
