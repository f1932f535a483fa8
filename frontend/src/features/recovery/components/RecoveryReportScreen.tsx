'use client';

import { UserText } from '@/components/ui/UserText';
import type { ColumnDef } from '@/components/data-table/types';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { DataTable } from '@/components/data-table/DataTable';
import { TableEmpty } from '@/components/data-table/TableStates';
import { FilterBar, FilterSelect } from '@/components/filters/FilterBar';
import { useListUrlState } from '@/components/filters/useListUrlState';
import { formatCurrency } from '@/components/format';
import { PageHeader } from '@/components/PageHeader';
import { clampRange, formatRate, parseReportState, REPORT_GROUPS, reportRows, reportSearch, type ReportRow, type ReportState } from '../lib/report';
import { useRecoveryReport } from '../queries';
import { DateField } from '@/components/ui/DateField';

const parse = (params: URLSearchParams) => parseReportState(params);

function useReportColumns(): ColumnDef<ReportRow, unknown>[] {
  const t = useTranslations('recovery.report');
  return useMemo(() => {
    const money = (key: 'recovered' | 'recovered_after_write_off' | 'owed' | 'written_off_amount') => ({
      id: key,
      header: t(`columns.${key}`),
      cell: ({ row }: { row: { original: ReportRow } }) => <span className="tabular-nums whitespace-nowrap">{formatCurrency(row.original[key])}</span>,
    });
    const count = (key: 'cases' | 'promises_kept' | 'promises_broken' | 'closed' | 'written_off') => ({
      id: key,
      header: t(`columns.${key}`),
      cell: ({ row }: { row: { original: ReportRow } }) => <span className="tabular-nums">{row.original[key]}</span>,
    });
    return [
      {
        id: 'name',
        header: t('columns.group'),
        cell: ({ row }) => {
          const { kind, name } = row.original;
          if (kind === 'total') return <span className="font-semibold">{t('total')}</span>;
          if (kind === 'unassigned') return t('unassigned');
          return <UserText>{name}</UserText>;
        },
      },
      count('cases'),
      money('recovered'),
      money('recovered_after_write_off'),
      money('owed'),
      {
        id: 'recovery_rate',
        header: t('columns.recovery_rate'),
        cell: ({ row }) => <span className="tabular-nums">{formatRate(row.original.recovery_rate)}</span>,
      },
      count('promises_kept'),
      count('promises_broken'),
      count('closed'),
      count('written_off'),
      money('written_off_amount'),
    ];
  }, [t]);
}

/** /recoveryReport (`recovery.view`): what recovery brought back over a range of China days, by collector or by bucket, with totals. */
export function RecoveryReportScreen() {
  const t = useTranslations('recovery.report');
  const { state, update } = useListUrlState<ReportState>(parse, reportSearch);
  const report = useRecoveryReport({ date_from: state.date_from, date_to: state.date_to });
  const columns = useReportColumns();
  const rows = report.data ? reportRows(report.data, state.group) : undefined;
  const setRange = (patch: Partial<Pick<ReportState, 'date_from' | 'date_to'>>) => {
    const next = { ...state, ...patch };
    if (!next.date_from || !next.date_to) return;
    update(clampRange(next.date_from, next.date_to));
  };
  return (
    <div className="flex flex-col gap-5">
      <PageHeader title={t('title')} description={t('description')} />
      <FilterBar>
        <DateField className="w-full sm:w-40" label={t('dateFrom')} value={state.date_from} max={state.date_to} onChange={(value) => setRange({ date_from: value })} />
        <DateField className="w-full sm:w-40" label={t('dateTo')} value={state.date_to} min={state.date_from} onChange={(value) => setRange({ date_to: value })} />
        <FilterSelect label={t('groupBy')} value={state.group} options={REPORT_GROUPS.map((value) => ({ value, label: t(`groups.${value}`) }))} onChange={(value) => update({ group: value === 'bucket' ? 'bucket' : 'collector' })} />
      </FilterBar>
      <DataTable
        label={t('tableLabel')}
        columns={columns}
        rows={rows}
        isPending={report.isPending}
        isFetching={report.isFetching}
        isError={report.isError}
        onRetry={() => void report.refetch()}
        errorTitle={t('loadError')}
        empty={<TableEmpty title={t('emptyTitle')} description={t('emptyHint')} />}
        getRowId={(row) => row.id}
        rowTone={(row) => (row.kind === 'total' ? 'bg-slate-50 font-semibold' : undefined)}
      />
      <p className="text-xs text-slate-500">{t('rateNote')}</p>
    </div>
  );
}
