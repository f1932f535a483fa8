'use client';

import { useTranslations } from 'next-intl';
import { formatCurrency } from '@/components/format';
import { Stats, type StatItem } from '@/components/ui/Stats';
import { formatChange } from '../lib/period';
import type { DataOverview } from '../queries';

type Figure = 'orders' | 'deals' | 'deal_value' | 'rent_due' | 'rent_received' | 'buyout_due' | 'buyout_received' | 'overdue_rate';

const MONEY: readonly Figure[] = ['deal_value', 'rent_due', 'rent_received', 'buyout_due', 'buyout_received'];
const SHOWN: readonly Figure[] = ['orders', 'deals', 'deal_value', 'rent_received', 'rent_due', 'buyout_received', 'buyout_due', 'overdue_rate'];

/** The period's headline figures, each with its change against the previous period. */
export function OverviewStats({ overview }: { overview: DataOverview }) {
  const t = useTranslations('dataCenter.figures');
  const value = (figure: Figure) => {
    const raw = overview.current[figure];
    if (figure === 'overdue_rate') return raw === null ? '—' : `${raw}%`;
    return MONEY.includes(figure) ? formatCurrency(String(raw)) : String(raw);
  };
  const items: StatItem[] = SHOWN.map((figure) => {
    const change = formatChange(overview.change[figure]);
    return {
      id: figure,
      label: t(figure),
      tone: figure === 'rent_received' ? 'primary' : figure === 'overdue_rate' && Number(overview.current.overdue_rate) > 0 ? 'danger' : 'default',
      value: (
        <span className="flex flex-wrap items-baseline gap-x-2">
          <span>{value(figure)}</span>
          <span className="text-xs font-normal text-slate-500">{change ? t('change', { change }) : t('noChange')}</span>
        </span>
      ),
    };
  });
  return <Stats items={items} />;
}
