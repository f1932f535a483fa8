'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { EmptyState } from '@/components/ui/EmptyState';
import type { ChartOption } from '../lib/chartOptions';

type Instance = ReturnType<typeof import('../lib/echarts')['init']>;

/**
 * One ECharts chart. The library is imported when the first chart mounts (only on
 * /dataCenter); the chart follows its box's width (phones) and takes each new option in place.
 */
export function Chart({ option, label, name }: { option: ChartOption; label: string; name: string }) {
  const t = useTranslations('dataCenter');
  const box = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<Instance | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let instance: Instance | null = null;
    let observer: ResizeObserver | null = null;
    let gone = false;
    import('../lib/echarts')
      .then(({ init }) => {
        if (gone || !box.current) return;
        instance = init(box.current);
        observer = new ResizeObserver(() => instance?.resize());
        observer.observe(box.current);
        setChart(instance);
      })
      .catch(() => setFailed(true));
    return () => {
      gone = true;
      observer?.disconnect();
      instance?.dispose();
    };
  }, []);

  useEffect(() => {
    // Our option is a plain object of ECharts' own shape (lib/chartOptions).
    chart?.setOption(option as unknown as Record<string, unknown>, true);
  }, [chart, option]);

  if (failed) return <EmptyState tone="error" title={t('chartFailed')} />;
  return <div ref={box} role="img" aria-label={label} data-chart={name} data-drawn={chart ? 'true' : 'false'} className="h-64 w-full sm:h-72" />;
}
