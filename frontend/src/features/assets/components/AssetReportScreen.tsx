'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table/DataTable';
import { Pagination } from '@/components/data-table/Pagination';
import { TableEmpty } from '@/components/data-table/TableStates';
import type { ColumnDef } from '@/components/data-table/types';
import { ExportButton } from '@/components/ExportButton';
import { useGlobalState } from '@/components/GlobalStateProvider';
import { lazyDialog } from '@/components/lazyDialog';
import { FilterBar, FilterSelect } from '@/components/filters/FilterBar';
import { useListUrlState } from '@/components/filters/useListUrlState';
import { formatCurrency } from '@/components/format';
import { PageHeader } from '@/components/PageHeader';
import { Button } from '@/components/ui/Button';
import { Stats } from '@/components/ui/Stats';
import { UserText } from '@/components/ui/UserText';
import { useSubShopAccess } from '@/features/subshops/lib/useSubShopAccess';
import { hasAction } from '@/lib/access';
import { assetReportPageQuery, assetReportQuery, assetReportSearch, barWidth, groupFilter, hasReportFilters, IDLE_DAYS, parseAssetReportState, REPORT_GROUPS, REPORT_PAGE_SIZE, type AssetReportGroup } from '../lib/report';
import { WAREHOUSE } from '../lib/units';
import { useAssetReport, usePlaceOptions } from '../queries';
import type { AssetReportRow } from '../types';

const AssetLifeDialog = lazyDialog(() => import('./AssetLifeDialog').then((module) => module.AssetLifeDialog), () => true);

const rowId = (row: AssetReportRow) => row.key ?? 'none';

function percent(value: string | null): string {
  return value === null ? '—' : `${value}%`;
}

/** Utilisation and payback per group as bars: which devices earn, at a glance. */
function ReportChart({ rows }: { rows: readonly AssetReportRow[] }) {
  const t = useTranslations('assets.report');
  const shown = rows.slice(0, 12);
  if (shown.length === 0) return null;
  return (
    <figure className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4" data-report-chart>
      <figcaption className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm font-medium text-slate-700">
        {t('chart.title')}
        <span className="flex items-center gap-1 text-xs font-normal text-slate-500">
          <span className="inline-block h-2 w-3 rounded-sm bg-brand-500" aria-hidden />
          {t('columns.utilisation')}
        </span>
        <span className="flex items-center gap-1 text-xs font-normal text-slate-500">
          <span className="inline-block h-2 w-3 rounded-sm bg-emerald-500" aria-hidden />
          {t('columns.average_payback')}
        </span>
      </figcaption>
      <ul className="flex flex-col gap-3">
        {shown.map((row) => (
          <li key={rowId(row)} className="grid grid-cols-1 gap-1 sm:grid-cols-[12rem_1fr] sm:items-center sm:gap-3">
            <span className="truncate text-sm text-slate-700">
              <UserText>{row.name}</UserText>
            </span>
            <span className="flex flex-col gap-1">
              <span className="flex items-center gap-2">
                <span className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100">
                  <span className="block h-full rounded-full bg-brand-500" style={{ width: `${barWidth(row.utilisation)}%` }} />
                </span>
                <span className="w-14 text-right text-xs tabular-nums text-slate-600">{percent(row.utilisation)}</span>
              </span>
              <span className="flex items-center gap-2">
                <span className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100">
                  <span className="block h-full rounded-full bg-emerald-500" style={{ width: `${barWidth(row.average_payback)}%` }} />
                </span>
                <span className="w-14 text-right text-xs tabular-nums text-slate-600">{percent(row.average_payback)}</span>
              </span>
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
}

function useReportColumns(group: AssetReportGroup, onGroup: (row: AssetReportRow) => void): ColumnDef<AssetReportRow, unknown>[] {
  const t = useTranslations('assets.report');
  const status = useTranslations('assets.status');
  return useMemo(() => {
    const money = (key: 'cost_basis' | 'collected' | 'repair_spend' | 'book_value'): ColumnDef<AssetReportRow, unknown> => ({
      id: key,
      header: t(`columns.${key}`),
      cell: ({ row }) => <span className="tabular-nums whitespace-nowrap">{formatCurrency(row.original[key])}</span>,
    });
    const count = (key: 'units' | 'idle' | 'in_recovery' | 'paid_back'): ColumnDef<AssetReportRow, unknown> => ({
      id: key,
      header: t(`columns.${key}`),
      cell: ({ row }) => <span className="tabular-nums">{row.original[key]}</span>,
    });
    return [
      {
        id: 'name',
        header: t(`groups.${group}`),
        cell: ({ row }) => (
          <button type="button" className="text-left text-brand-600 hover:text-brand-700" onClick={() => onGroup(row.original)}>
            <UserText>{row.original.name}</UserText>
          </button>
        ),
      },
      count('units'),
      {
        id: 'by_status',
        header: t('columns.by_status'),
        cell: ({ row }) => (
          <span className="flex flex-wrap gap-x-2 text-xs text-slate-600">
            {row.original.by_status.map((entry) => (
              <span key={entry.status} className="whitespace-nowrap">
                {status(entry.status)} {entry.count}
              </span>
            ))}
          </span>
        ),
      },
      {
        id: 'by_grade',
        header: t('columns.by_grade'),
        cell: ({ row }) => (
          <span className="flex flex-wrap gap-x-2 text-xs text-slate-600">
            {row.original.by_grade.map((entry) => (
              <span key={entry.grade} className="whitespace-nowrap">
                {entry.label} {entry.count}
              </span>
            ))}
          </span>
        ),
      },
      count('idle'),
      count('in_recovery'),
      { id: 'utilisation', header: t('columns.utilisation'), cell: ({ row }) => <span className="tabular-nums">{percent(row.original.utilisation)}</span> },
      { id: 'average_payback', header: t('columns.average_payback'), cell: ({ row }) => <span className="tabular-nums">{percent(row.original.average_payback)}</span> },
      count('paid_back'),
      {
        id: 'average_days_to_pay_back',
        header: t('columns.average_days_to_pay_back'),
        cell: ({ row }) => <span className="tabular-nums">{row.original.average_days_to_pay_back ?? '—'}</span>,
      },
      money('cost_basis'),
      money('collected'),
      money('repair_spend'),
      money('book_value'),
    ];
  }, [t, status, group, onGroup]);
}

/**
 * /assetReport (`asset.view`): the devices grouped by SKU, category or place — by status and
 * grade, idle, out in recovery, utilisation, payback and days to pay back, repair spend — with
 * the filters in the URL, a chart of utilisation and payback, and the table to Excel.
 */
export function AssetReportScreen() {
  const t = useTranslations('assets.report');
  const place = useTranslations('assets.place');
  const { ownSubShop } = useSubShopAccess();
  const { state, update, reset } = useListUrlState(parseAssetReportState, assetReportSearch);
  const query = assetReportQuery(state);
  const report = useAssetReport(assetReportPageQuery(state));
  const places = usePlaceOptions(ownSubShop === null);
  const onGroup = useMemo(() => (row: AssetReportRow) => update(groupFilter(state.group_by, row.key)), [update, state.group_by]);
  const columns = useReportColumns(state.group_by, onGroup);
  const total = report.data?.total;
  const rows = report.data ? [...report.data.rows] : undefined;
  const auth = useGlobalState((s) => s.auth);
  const lives = useTranslations('assets.lives');
  const [editingLives, setEditingLives] = useState(false);
  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            {hasAction(auth, 'asset.adjust') && ownSubShop === null && (
              <Button variant="secondary" onClick={() => setEditingLives(true)} data-open-lives="">
                {lives('open')}
              </Button>
            )}
            <ExportButton kind="asset_report" filters={query} />
          </>
        }
      />
      <FilterBar active={[state.sku_id, state.category_id, state.place].filter(Boolean).length}>
        <FilterSelect label={t('groupBy')} value={state.group_by} options={REPORT_GROUPS.map((value) => ({ value, label: t(`groups.${value}`) }))} onChange={(value) => update({ group_by: REPORT_GROUPS.find((g) => g === value) ?? 'sku' })} />
        {ownSubShop === null && (
          <FilterSelect
            label={t('place')}
            value={state.place}
            options={[
              { value: '', label: t('allPlaces') },
              { value: WAREHOUSE, label: place('warehouse') },
              ...(places.data ?? []).map((shop) => ({ value: String(shop.id), label: shop.name, userText: true })),
            ]}
            onChange={(value) => update({ place: value })}
          />
        )}
        <FilterSelect label={t('idleDays')} value={String(state.idle_days)} options={IDLE_DAYS.map((days) => ({ value: String(days), label: t('days', { days }) }))} onChange={(value) => update({ idle_days: Number(value) })} />
        {hasReportFilters(state) && (
          <Button variant="secondary" onClick={() => update({ sku_id: undefined, category_id: undefined, place: '' })}>
            {t('clearFilters')}
          </Button>
        )}
      </FilterBar>
      {total && (
        <Stats
          items={[
            { id: 'units', label: t('columns.units'), value: total.units },
            { id: 'utilisation', label: t('columns.utilisation'), value: percent(total.utilisation), tone: 'primary' },
            { id: 'payback', label: t('columns.average_payback'), value: percent(total.average_payback) },
            { id: 'collected', label: t('columns.collected'), value: formatCurrency(total.collected) },
            { id: 'idle', label: t('idleOver', { days: state.idle_days }), value: total.idle, tone: total.idle ? 'default' : 'muted' },
            { id: 'recovery', label: t('columns.in_recovery'), value: total.in_recovery, tone: total.in_recovery ? 'danger' : 'muted' },
            { id: 'repairs', label: t('columns.repair_spend'), value: formatCurrency(total.repair_spend) },
            { id: 'book', label: t('columns.book_value'), value: formatCurrency(total.book_value) },
          ]}
        />
      )}
      {rows && rows.length > 0 && <ReportChart rows={rows} />}
      <DataTable
        label={t('tableLabel')}
        columns={columns}
        rows={rows}
        isPending={report.isPending}
        isFetching={report.isFetching}
        isError={report.isError}
        onRetry={() => void report.refetch()}
        errorTitle={t('loadError')}
        empty={
          <TableEmpty
            title={t('emptyTitle')}
            description={t('emptyHint')}
          />
        }
        getRowId={rowId}
        footer={
          report.data &&
          report.data.count > REPORT_PAGE_SIZE && (
            <Pagination page={state.page} pageSize={REPORT_PAGE_SIZE} total={report.data.count} sizes={null} onChange={(patch) => update({ page: patch.page ?? 1 })} />
          )
        }
      />
      {hasReportFilters(state) && rows?.length === 0 && (
        <Button variant="secondary" onClick={reset}>
          {t('clearFilters')}
        </Button>
      )}
      <p className="text-xs text-slate-500">{t('note')}</p>
      {editingLives && <AssetLifeDialog onClose={() => setEditingLives(false)} />}
    </div>
  );
}
