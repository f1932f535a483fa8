'use client';

import { USER_TEXT } from '@/components/ui/UserText';
import { useTranslations } from 'next-intl';
import { useMemo, type ReactNode } from 'react';
import { useGlobalState } from '@/components/GlobalStateProvider';
import { PageHeader } from '@/components/PageHeader';
import { FilterBar, FilterSelect } from '@/components/filters/FilterBar';
import { MerchantFilter } from '@/components/filters/MerchantFilter';
import { useListUrlState } from '@/components/filters/useListUrlState';
import { formatCurrency } from '@/components/format';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { Spinner } from '@/components/ui/Spinner';
import { PLATFORM_ADMIN } from '@/lib/platform';
import { allZero, dueReceivedOption, ordersOption, type ChartOption } from '../lib/chartOptions';
import { addDays, dataCenterQuery, dataCenterSearch, daysBetween, GRANULARITIES, MAX_DAYS, parseDataCenterState, type DataCenterState } from '../lib/period';
import { useCurve, useDataOverview, useGoodsRanking, useOrderSeries, type DataQuery, type GoodsKind } from '../queries';
import { Chart } from './Chart';
import { OverviewStats } from './OverviewStats';
import { DateField } from '@/components/ui/DateField';

const parse = (params: URLSearchParams) => parseDataCenterState(params);

function Card({ title, children, name }: { title: string; children: ReactNode; name: string }) {
  return (
    <section data-card={name} className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/** Loading, error (with retry), empty (all zero) or the chart. */
function ChartState({ option, isPending, isError, onRetry, label, name }: { option: ChartOption | null; isPending: boolean; isError: boolean; onRetry: () => void; label: string; name: string }) {
  const t = useTranslations();
  if (isError) return <EmptyState tone="error" title={t('dataCenter.loadError')} action={<Button variant="secondary" onClick={onRetry}>{t('common.retry')}</Button>} />;
  if (isPending || !option) return <div className="flex h-64 items-center justify-center"><Spinner /></div>;
  if (allZero(option)) return <EmptyState title={t('dataCenter.emptyChart')} description={t('dataCenter.emptyChartHint')} />;
  return <Chart option={option} label={label} name={name} />;
}

function DueReceived({ query, kind }: { query: DataQuery; kind: 'rent' | 'buyout' }) {
  const t = useTranslations('dataCenter');
  const due = useCurve(kind === 'rent' ? 'rentDue' : 'buyoutDue', query);
  const received = useCurve(kind === 'rent' ? 'rentReceived' : 'buyoutReceived', query);
  const names = { due: t(`${kind}.due`), received: t(`${kind}.received`) };
  const option = useMemo(() => (due.data && received.data ? dueReceivedOption(due.data, received.data, names) : null), [due.data, received.data, names.due, names.received]); // eslint-disable-line react-hooks/exhaustive-deps
  const totals = due.data && received.data && t('totals', { due: formatCurrency(due.data.total), received: formatCurrency(received.data.total) });
  return (
    <Card title={t(`${kind}.title`)} name={`${kind}-curve`}>
      {totals && <p className="text-xs text-slate-500">{totals}</p>}
      <ChartState
        option={option}
        isPending={due.isPending || received.isPending}
        isError={due.isError || received.isError}
        onRetry={() => { void due.refetch(); void received.refetch(); }}
        label={t(`${kind}.title`)}
        name={`${kind}-curve`}
      />
    </Card>
  );
}

function Orders({ query }: { query: DataQuery }) {
  const t = useTranslations('dataCenter');
  const series = useOrderSeries(query);
  const names = { orders: t('figures.orders'), deals: t('figures.deals'), dealValue: t('figures.deal_value') };
  const option = useMemo(() => (series.data ? ordersOption(series.data, names) : null), [series.data, names.orders, names.deals, names.dealValue]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Card title={t('orders.title')} name="orders-curve">
      <ChartState option={option} isPending={series.isPending} isError={series.isError} onRetry={() => void series.refetch()} label={t('orders.title')} name="orders-curve" />
    </Card>
  );
}

function GoodsRanking({ query, kind, platform }: { query: DataQuery; kind: GoodsKind; platform: boolean }) {
  const t = useTranslations();
  const ranking = useGoodsRanking(kind, query);
  let body: ReactNode;
  if (ranking.isError) body = <EmptyState tone="error" title={t('dataCenter.loadError')} action={<Button variant="secondary" onClick={() => void ranking.refetch()}>{t('common.retry')}</Button>} />;
  else if (ranking.isPending) body = <Spinner />;
  else if (ranking.data.items.length === 0) body = <EmptyState title={t('dataCenter.goods.empty')} />;
  else
    body = (
      <ol className="flex flex-col divide-y divide-slate-100 text-sm">
        {ranking.data.items.map((item, index) => (
          <li key={`${item.merchant_id}-${item.goods_id}`} className="flex items-center gap-3 py-2">
            <span className="w-5 shrink-0 text-right text-xs text-slate-400 tabular-nums">{index + 1}</span>
            <span className="min-w-0 flex-1">
              <span className="block truncate text-slate-900" title={item.goods_title} {...USER_TEXT}>{item.goods_title}</span>
              {platform && <span className="block truncate text-xs text-slate-500" {...USER_TEXT}>{item.merchant_name}</span>}
            </span>
            <span className="shrink-0 text-right tabular-nums">
              <span className="block text-slate-900">{t('dataCenter.goods.orders', { orders: item.orders, deals: item.deals })}</span>
              <span className="block text-xs text-slate-500">{formatCurrency(item.deal_value)}</span>
            </span>
          </li>
        ))}
      </ol>
    );
  return (
    <Card title={t(`dataCenter.goods.${kind}`)} name={`goods-${kind}`}>
      {body}
    </Card>
  );
}

/**
 * /dataCenter (`data.view`): the period's figures against the previous period's, orders and
 * deals, rent and buyout due against received, and the goods most ordered. The period,
 * day/month and (platform) the merchant live in the URL. The platform sees every merchant's
 * (from public rows), a shop its own, a sub-shop's account its sub-shop's.
 */
export function DataCenterScreen() {
  const t = useTranslations('dataCenter');
  const platform = useGlobalState((state) => state.platformType) === PLATFORM_ADMIN;
  const { state, update } = useListUrlState<DataCenterState>(parse, dataCenterSearch);
  const query = useMemo(() => dataCenterQuery(state), [state]);
  const overview = useDataOverview(query);
  const setRange = (patch: Partial<DataCenterState>) => {
    const next = { ...state, ...patch };
    if (!next.date_from || !next.date_to) return;
    // Keep the range readable by the server: never backwards, never over a year.
    if (daysBetween(next.date_from, next.date_to) < 1) next.date_to = next.date_from;
    if (daysBetween(next.date_from, next.date_to) > MAX_DAYS) next.date_from = addDays(next.date_to, -(MAX_DAYS - 1));
    update({ date_from: next.date_from, date_to: next.date_to });
  };

  return (
    <div className="flex flex-col gap-5">
      <PageHeader title={t('title')} description={platform ? t('descriptionPlatform') : t('description')} />
      <FilterBar>
        <DateField className="w-full sm:w-40" label={t('dateFrom')} value={state.date_from} max={state.date_to} onChange={(value) => setRange({ date_from: value })} />
        <DateField className="w-full sm:w-40" label={t('dateTo')} value={state.date_to} min={state.date_from} onChange={(value) => setRange({ date_to: value })} />
        <FilterSelect
          label={t('granularity')}
          value={state.granularity}
          options={GRANULARITIES.map((value) => ({ value, label: t(`by.${value}`) }))}
          onChange={(value) => update({ granularity: value === 'month' ? 'month' : 'day' })}
        />
        {platform && (
          <MerchantFilter value={state.merchant_id} onChange={(merchant_id) => update({ merchant_id })} />
        )}
      </FilterBar>
      <section aria-label={t('overview')} data-card="overview" className="flex flex-col gap-2">
        {overview.isError ? (
          <EmptyState tone="error" title={t('loadError')} action={<Button variant="secondary" onClick={() => void overview.refetch()}>{t('retry')}</Button>} />
        ) : overview.isPending ? (
          <div className="flex h-24 items-center justify-center"><Spinner /></div>
        ) : (
          <>
            <OverviewStats overview={overview.data} />
            <p className="text-xs text-slate-500">{t('previous', { from: overview.data.previous_from, to: overview.data.previous_to })} {t('overdueHint')}</p>
          </>
        )}
      </section>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Orders query={query} />
        <DueReceived query={query} kind="rent" />
        <DueReceived query={query} kind="buyout" />
        <GoodsRanking query={query} kind="lease" platform={platform} />
        <GoodsRanking query={query} kind="purchase" platform={platform} />
      </div>
    </div>
  );
}
