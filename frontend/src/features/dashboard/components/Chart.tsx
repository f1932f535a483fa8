'use client';

import { useLocale } from 'next-intl';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { categoryAt, layout } from '../lib/chartGeometry';
import type { ChartOption } from '../lib/chartOptions';

/**
 * One chart of the data centre, drawn as SVG from its option (lib/chartOptions): the legend on
 * top (a series' name hides or shows it, the axes follow what is shown), the value axes, bars
 * and lines, and the values of the category under the pointer (or chosen with the arrow keys)
 * in a tooltip. It follows its box's width (phones). A few KB instead of a charting library
 * (ECharts was 199 KB gzip on its own, the whole first-load budget of a screen).
 */
export function Chart({ option, label, name }: { option: ChartOption; label: string; name: string }) {
  const locale = useLocale();
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const [active, setActive] = useState<number | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      const { width, height } = element.getBoundingClientRect();
      setSize((current) => (current && current.width === width && current.height === height ? current : { width, height }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const number = useMemo(() => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }), [locale]);
  const geometry = useMemo(
    () => (size && size.width > 0 && size.height > 0 ? layout(option, size.width, size.height, hidden, (value) => number.format(value)) : null),
    [option, size, hidden, number],
  );
  const categories = option.xAxis.data;
  const colorOf = (seriesIndex: number) => option.color[seriesIndex % option.color.length] ?? '#64748b';
  const current = active !== null && active < categories.length ? active : null;

  function toggle(seriesName: string) {
    setHidden((before) => {
      const next = new Set(before);
      if (next.has(seriesName)) next.delete(seriesName);
      else next.add(seriesName);
      return next;
    });
  }

  function onPointerMove(event: PointerEvent<SVGSVGElement>) {
    if (!geometry) return;
    const x = event.clientX - event.currentTarget.getBoundingClientRect().left;
    setActive(categoryAt(geometry, x, categories.length));
  }

  function onKeyDown(event: KeyboardEvent<SVGSVGElement>) {
    if (!categories.length) return;
    if (event.key === 'ArrowRight') setActive((index) => Math.min(categories.length - 1, (index ?? -1) + 1));
    else if (event.key === 'ArrowLeft') setActive((index) => Math.max(0, (index ?? categories.length) - 1));
    else if (event.key === 'Escape') setActive(null);
    else return;
    event.preventDefault();
  }

  const tooltipLeft = geometry && current !== null ? geometry.center(current) : 0;
  const tooltipOnLeft = geometry ? tooltipLeft > geometry.width / 2 : false;

  return (
    <div data-chart={name} data-drawn={geometry ? 'true' : 'false'} className="flex h-64 w-full min-w-0 flex-col sm:h-72">
      <div className="flex flex-wrap justify-center gap-x-4 gap-y-1">
        {option.series.map((series, seriesIndex) => (
          <button
            key={series.name}
            type="button"
            aria-pressed={!hidden.has(series.name)}
            onClick={() => toggle(series.name)}
            className={`inline-flex items-center gap-1.5 rounded px-1 text-xs ${hidden.has(series.name) ? 'text-slate-400' : 'text-slate-700'} hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none`}
          >
            <span
              aria-hidden="true"
              className={series.type === 'line' ? 'h-0.5 w-4 rounded' : 'size-2.5 rounded-sm'}
              style={{ backgroundColor: hidden.has(series.name) ? '#cbd5e1' : colorOf(seriesIndex) }}
            />
            {series.name}
          </button>
        ))}
      </div>
      <div ref={box} className="relative min-h-0 flex-1">
        {geometry && (
          <svg
            role="img"
            aria-label={label}
            tabIndex={0}
            width={geometry.width}
            height={geometry.height}
            className="absolute inset-0 block touch-pan-y select-none focus-visible:outline-2 focus-visible:outline-brand-500"
            onPointerMove={onPointerMove}
            onPointerDown={onPointerMove}
            onPointerLeave={() => setActive(null)}
            onKeyDown={onKeyDown}
            onBlur={() => setActive(null)}
          >
            {geometry.axes[0]?.ticks.map((tick) => {
              const y = geometry.axes[0]!.y(tick);
              return (
                <g key={`l${tick}`}>
                  <line x1={geometry.plot.left} x2={geometry.plot.right} y1={y} y2={y} stroke="#e2e8f0" />
                  <text x={geometry.plot.left - 6} y={y} dy="0.32em" textAnchor="end" fontSize="11" fill="#64748b">
                    {number.format(tick)}
                  </text>
                </g>
              );
            })}
            {geometry.axes[1]?.ticks.map((tick) => (
              <text key={`r${tick}`} x={geometry.plot.right + 6} y={geometry.axes[1]!.y(tick)} dy="0.32em" fontSize="11" fill="#64748b">
                {number.format(tick)}
              </text>
            ))}
            {current !== null && (
              <rect x={geometry.plot.left + geometry.band * current} y={geometry.plot.top} width={geometry.band} height={geometry.plot.bottom - geometry.plot.top} fill="#94a3b8" fillOpacity="0.15" />
            )}
            {geometry.bars.map(({ series, seriesIndex, rects }) => (
              <g key={series.name} fill={colorOf(seriesIndex)} data-series={series.name}>
                {rects.map((rect, index) => (rect.height > 0 ? <rect key={index} x={rect.x} y={rect.y} width={rect.width} height={rect.height} rx="1" /> : null))}
              </g>
            ))}
            {geometry.lines.map(({ series, seriesIndex, points }) => (
              <g key={series.name} data-series={series.name}>
                <polyline points={points.map((point) => `${point.x},${point.y}`).join(' ')} fill="none" stroke={colorOf(seriesIndex)} strokeWidth="2" strokeLinejoin="round" />
                {points.length <= 60 &&
                  points.map((point, index) => <circle key={index} cx={point.x} cy={point.y} r={current === index ? 4 : 2.5} fill="#fff" stroke={colorOf(seriesIndex)} strokeWidth="1.5" />)}
              </g>
            ))}
            <line x1={geometry.plot.left} x2={geometry.plot.right} y1={geometry.plot.bottom} y2={geometry.plot.bottom} stroke="#94a3b8" />
            {categories.map((category, index) =>
              index % geometry.labelStep === 0 ? (
                <text key={category} x={geometry.center(index)} y={geometry.plot.bottom + 14} textAnchor="middle" fontSize="11" fill="#64748b">
                  {category}
                </text>
              ) : null,
            )}
          </svg>
        )}
        {geometry && current !== null && (
          <div
            role="status"
            className="pointer-events-none absolute top-2 z-10 max-w-[calc(100%-1rem)] rounded-md border border-slate-200 bg-white/95 px-3 py-2 text-xs shadow-md"
            style={tooltipOnLeft ? { right: Math.max(geometry.width - tooltipLeft + 12, 8) } : { left: Math.max(tooltipLeft + 12, 8) }}
          >
            <p className="font-medium text-slate-900">{categories[current]}</p>
            {option.series.map((series, seriesIndex) =>
              hidden.has(series.name) ? null : (
                <p key={series.name} className="mt-1 flex items-center gap-2 whitespace-nowrap text-slate-700">
                  <span aria-hidden="true" className="size-2 rounded-full" style={{ backgroundColor: colorOf(seriesIndex) }} />
                  <span>{series.name}</span>
                  <span className="ml-auto pl-3 font-medium tabular-nums text-slate-900">{number.format(series.data[current] ?? 0)}</span>
                </p>
              ),
            )}
          </div>
        )}
      </div>
    </div>
  );
}
