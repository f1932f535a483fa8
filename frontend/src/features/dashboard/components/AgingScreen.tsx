'use client';

import { USER_TEXT } from '@/components/ui/UserText';
import type { ColumnDef } from '@/components/data-table/types';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { PageHeader } from '@/components/PageHeader';
import { ListTable } from '@/components/data-table/ListTable';
import { NoMatches, TableEmpty } from '@/components/data-table/TableStates';
import { FilterBar, FilterSelect, SearchBox } from '@/components/filters/FilterBar';
import { MerchantFilter } from '@/components/filters/MerchantFilter';
import { useListUrlState } from '@/components/filters/useListUrlState';
import { formatCurrency, formatDate } from '@/components/format';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { Spinner } from '@/components/ui/Spinner';
import { Stats, type StatItem } from '@/components/ui/Stats';
import { AGING_SORTS, agingOption, agingQuery, agingSearch, hasAgingFilters, parseAgingState } from '../lib/aging';
import { allZero } from '../lib/chartOptions';
import { usePlatformAging, type AgingMerchantRow, type PlatformAging } from '../queries';
import { Chart } from './Chart';

function useAgingColumns(): ColumnDef<AgingMerchantRow, unknown>[] {
  const t = useTranslations('aging');
  return useMemo(
    () => [
      { id: 'merchant', header: t('fields.merchant'), cell: ({ row }) => <span className="whitespace-nowrap" {...USER_TEXT}>{row.original.merchant_name}</span> },
      { id: 'cases', header: t('fields.cases'), cell: ({ row }) => <span className="tabular-nums">{row.original.cases}</span> },
      ...bucketColumns(t),
      { id: 'rent', header: t('fields.rent'), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatCurrency(row.original.rent_owed)}</span> },
      { id: 'late_fees', header: t('fields.lateFees'), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatCurrency(row.original.late_fee_owed)}</span> },
      { id: 'charges', header: t('fields.charges'), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatCurrency(row.original.charges_owed)}</span> },
      { id: 'total', header: t('fields.total'), cell: ({ row }) => <span className="font-medium whitespace-nowrap text-red-700 tabular-nums">{formatCurrency(row.original.total_owed)}</span> },
      { id: 'as_of', header: t('fields.asOf'), cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.as_of)}</span> },
    ],
    [t],
  );
}

/** One column per bucket: what the merchant owes in it (its open cases beneath). */
function bucketColumns(t: ReturnType<typeof useTranslations<'aging'>>): ColumnDef<AgingMerchantRow, unknown>[] {
  return ['M1', 'M2', 'M3', 'M3+'].map((bucket) => ({
    id: `bucket-${bucket}`,
    header: bucket,
    cell: ({ row }) => {
      const found = row.original.buckets.find((item) => item.bucket === bucket);
      return (
        <span className="block whitespace-nowrap tabular-nums">
          {formatCurrency(found?.total_owed ?? '0')}
          <span className="block text-xs text-slate-500">{t('casesShort', { count: found?.cases ?? 0 })}</span>
        </span>
      );
    },
  }));
}

function BucketCards({ aging }: { aging: PlatformAging }) {
  const t = useTranslations('aging');
  const items: StatItem[] = [
    ...aging.buckets.map((bucket) => ({
      id: bucket.bucket,
      label: t('bucketCard', { bucket: bucket.bucket, count: bucket.cases }),
      tone: Number(bucket.total_owed) > 0 ? ('danger' as const) : ('muted' as const),
      value: formatCurrency(bucket.total_owed),
    })),
  ];
  const all: StatItem[] = [
    { id: 'total', label: t('totalCard', { count: aging.all.cases, merchants: aging.all.merchants }), tone: 'primary', value: formatCurrency(aging.all.total_owed) },
    { id: 'rent', label: t('fields.rent'), value: formatCurrency(aging.all.rent_owed) },
    { id: 'late_fees', label: t('fields.lateFees'), value: formatCurrency(aging.all.late_fee_owed) },
    { id: 'charges', label: t('fields.charges'), value: formatCurrency(aging.all.charges_owed) },
  ];
  return (
    <div className="flex flex-col gap-2">
      <Stats items={all} />
      <Stats items={items} />
    </div>
  );
}

/**
 * /aging (platform, `data.view`): every merchant's recovery debt by bucket (M1 … M3+) as of the
 * nightly run, from the public projection the merchants' case refreshes keep: the totals per
 * bucket (cards and a chart of rent, late fees and other charges), and the merchants sorted by
 * what they owe. The merchant (chosen or a name keyword), the sort and the page live in the URL.
 */
export function AgingScreen() {
  const t = useTranslations('aging');
  const common = useTranslations('common');
  const { state, update, reset } = useListUrlState(parseAgingState, agingSearch);
  const aging = usePlatformAging(agingQuery(state));
  const columns = useAgingColumns();
  const names = { rent: t('fields.rent'), lateFees: t('fields.lateFees'), charges: t('fields.charges') };
  const option = useMemo(() => (aging.data ? agingOption(aging.data.buckets, names) : null), [aging.data, names.rent, names.lateFees, names.charges]); // eslint-disable-line react-hooks/exhaustive-deps

  let summary;
  if (aging.isError && !aging.data) summary = <EmptyState tone="error" title={t('loadError')} action={<Button variant="secondary" onClick={() => void aging.refetch()}>{common('retry')}</Button>} />;
  else if (aging.isPending || !aging.data || !option) summary = <div className="flex h-64 items-center justify-center"><Spinner /></div>;
  else
    summary = (
      <>
        <BucketCards aging={aging.data} />
        <section data-card="aging-chart" className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="text-sm font-semibold text-slate-900">{t('chartTitle')}</h2>
          {allZero(option) ? <EmptyState title={t('emptyChart')} description={t('emptyChartHint')} /> : <Chart option={option} label={t('chartTitle')} name="aging-buckets" />}
        </section>
      </>
    );

  return (
    <div className="flex flex-col gap-5">
      <PageHeader title={t('title')} description={aging.data?.as_of ? t('descriptionAsOf', { day: formatDate(aging.data.as_of) }) : t('description')} />
      <FilterBar>
        <MerchantFilter value={state.merchant_id} onChange={(merchant_id) => update({ merchant_id })} />
        <SearchBox key={state.keyword} label={t('keyword')} placeholder={t('keywordPlaceholder')} initial={state.keyword} onSearch={(keyword) => update({ keyword })} />
        <FilterSelect
          label={t('sort')}
          value={state.sort}
          options={AGING_SORTS.map((value) => ({ value, label: t(`sorts.${value}`) }))}
          onChange={(value) => update({ sort: AGING_SORTS.find((sort) => sort === value) ?? 'total_desc' })}
        />
      </FilterBar>
      <section aria-label={t('summary')} data-card="aging-summary" className="flex flex-col gap-4">
        {summary}
      </section>
      <ListTable
        label={t('table')}
        columns={columns}
        query={aging}
        paging={{ state, update }}
        errorTitle={t('loadError')}
        getRowId={(row) => String(row.merchant_id)}
        empty={hasAgingFilters(state) ? <NoMatches title={t('noMatch')} onClear={reset} /> : <TableEmpty title={t('empty')} description={t('emptyHint')} />}
      />
    </div>
  );
}
