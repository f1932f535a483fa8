'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { useGlobalState } from '@/components/GlobalStateProvider';
import { PageHeader } from '@/components/PageHeader';
import { ListTable } from '@/components/data-table/ListTable';
import { FilterBar } from '@/components/filters/FilterBar';
import { MerchantFilter } from '@/components/filters/MerchantFilter';
import { FilterPills } from '@/components/filters/FilterPills';
import { useListUrlState } from '@/components/filters/useListUrlState';
import { hasAction } from '@/lib/access';
import { hasRunFilters, parseRunListState, runListQuery, runListSearch, RUN_STATUSES, type RunStatus } from '../lib/reconciliation';
import { useReconciliationRuns, type MismatchRow, type RunRow } from '../queries';
import { RerunDialog, ResolveMismatchDialog, SyncMismatchDialog } from './ReconciliationDialogs';
import { RunDetailDialog } from './RunDetailDialog';
import { prioritize } from '@/components/data-table/fit';
import { useRunColumns } from './run-table/columns';
import { NoMatchingRuns, NoRuns } from './run-table/empty-states';
import { DateField } from '@/components/ui/DateField';

type RerunTarget = Pick<RunRow, 'merchant_id' | 'merchant_name' | 'day'>;

/**
 * /reconciliation (platform finance): every merchant's days compared with the payment
 * provider's statement. Status tabs with counts, merchant and dates in the URL; a run's
 * differences, resolved with a note, re-queried where that can fix them, or the day re-run.
 */
export function ReconciliationScreen() {
  const t = useTranslations('reconciliation');
  const auth = useGlobalState((state) => state.auth);
  const canAct = hasAction(auth, 'reconciliation.resolve');
  const { state, update, reset } = useListUrlState(parseRunListState, runListSearch);
  const list = useReconciliationRuns(runListQuery(state));
  const [runId, setRunId] = useState<number | null>(null);
  const [rerun, setRerun] = useState<RerunTarget | null>(null);
  const [resolving, setResolving] = useState<MismatchRow | null>(null);
  const [syncing, setSyncing] = useState<MismatchRow | null>(null);
  const rowActions = useMemo(() => ({ onOpen: (row: RunRow) => setRunId(row.id), ...(canAct ? { onRerun: (row: RunRow) => setRerun(row) } : {}) }), [canAct]);
  // A run's differences and status are what the list is read for; the three sides' sums fold first.
  const runColumns = useRunColumns(rowActions);
  const columns = useMemo(() => prioritize(runColumns, { provider: 3, ledger: 3, matched: 3, status: 1, differences: 1 }), [runColumns]);
  const counts = list.data?.statuses;
  const countOf = (status: RunStatus) => counts?.find((item) => item.value === status)?.count;
  const total = counts?.reduce((sum, item) => sum + item.count, 0);
  const tabs = [{ value: undefined, label: t('list.all'), count: total }, ...RUN_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`), count: countOf(status) }))];

  return (
    <div className="flex flex-col gap-5">
      <PageHeader title={t('list.title')} description={t('list.description')} />
      <FilterPills label={t('list.statusTabs')} value={state.status} options={tabs} onChange={(status) => update({ status })} />
      <FilterBar>
        <MerchantFilter value={state.merchant_id} onChange={(merchant_id) => update({ merchant_id })} />
        <DateField className="w-full sm:w-40" label={t('list.dateFrom')} value={state.date_from} max={state.date_to || undefined} onChange={(value) => update({ date_from: value })} />
        <DateField className="w-full sm:w-40" label={t('list.dateTo')} value={state.date_to} min={state.date_from || undefined} onChange={(value) => update({ date_to: value })} />
      </FilterBar>
      <ListTable
        texts="reconciliation.list"
        columns={columns}
        query={list}
        paging={{ state, update }}
        empty={hasRunFilters(state) ? <NoMatchingRuns onClear={reset} /> : <NoRuns />}
      />
      <RunDetailDialog
        id={runId}
        onClose={() => setRunId(null)}
        actions={canAct ? { onResolve: setResolving, onSync: setSyncing, onRerun: (run) => setRerun(run) } : undefined}
      />
      <ResolveMismatchDialog mismatch={resolving} onClose={() => setResolving(null)} />
      <SyncMismatchDialog mismatch={syncing} onClose={() => setSyncing(null)} />
      <RerunDialog run={rerun} onClose={() => setRerun(null)} />
    </div>
  );
}
