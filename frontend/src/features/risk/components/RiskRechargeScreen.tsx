'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { ExportButton } from '@/components/ExportButton';
import { useGlobalState } from '@/components/GlobalStateProvider';
import { DetailError, DetailLoading } from '@/components/DetailSection';
import { PageHeader } from '@/components/PageHeader';
import { ListTable } from '@/components/data-table/ListTable';
import { NoMatches, TableEmpty } from '@/components/data-table/TableStates';
import { FilterBar, FilterSelect } from '@/components/filters/FilterBar';
import { FilterPills, type PillOption } from '@/components/filters/FilterPills';
import { useListUrlState } from '@/components/filters/useListUrlState';
import { formatCurrency } from '@/components/format';
import { Button } from '@/components/ui/Button';
import { LinkTabs } from '@/components/ui/LinkTabs';
import { Stats } from '@/components/ui/Stats';
import { lazyDialog } from '@/components/lazyDialog';
import { hasAction } from '@/lib/access';
import {
  BILL_TYPES,
  billFilters,
  hasRiskFilters,
  paged,
  parseRiskScreenState,
  queryFilters,
  RECHARGE_METHODS,
  RECHARGE_STATUSES,
  rechargeFilters,
  RISK_VIEWS,
  riskScreenSearch,
  riskViewHref,
  type RechargeStatus,
  type RiskBillType,
  type RiskScreenState,
} from '../lib/risk';
import { useRecharges, useRiskBalance, useRiskBills, useRiskQueries, useRiskTypes, type RechargeRow } from '../queries';
import { RiskWarnings } from './RiskWarnings';
import { useRechargeColumns, useRiskBillColumns, useRiskQueryColumns } from './risk-table/columns';
import { DateField } from '@/components/ui/DateField';

// The recharge's detail (its history, the decision) loads when a row is first opened.
const RechargeDetailDialog = lazyDialog(() => import('./RechargeDetailDialog').then((module) => module.RechargeDetailDialog), (props) => props.id !== null);

// The recharge dialogs (and the picture handling) load when first opened.
const QrRechargeDialog = lazyDialog(() => import('./QrRechargeDialog').then((module) => module.QrRechargeDialog), (props) => props.open);
const OfflineRechargeDialog = lazyDialog(() => import('./OfflineRechargeDialog').then((module) => module.OfflineRechargeDialog), (props) => props.open);

type Update = (patch: Partial<RiskScreenState>) => void;

/**
 * /riskRecharge (store, `risk.recharge`): the prepaid risk balance, a QR recharge (the QR code
 * shown, the result asked about until it is paid) or a transfer with its voucher, and the
 * history in three views — the balance's lines, the recharges, the queries — each filtered in
 * the URL; the lines and the queries export as filtered.
 */
export function RiskRechargeScreen() {
  const t = useTranslations('risk');
  const auth = useGlobalState((state) => state.auth);
  const balance = useRiskBalance();
  const { state, update, reset } = useListUrlState(parseRiskScreenState, riskScreenSearch);
  const [dialog, setDialog] = useState<'qr' | 'offline' | null>(null);
  const views = RISK_VIEWS.map((view) => ({ id: view, href: riskViewHref(view), label: t(`views.${view}`) }));
  const exported = state.view === 'bills' ? { kind: 'risk_bills', filters: billFilters(state) } : state.view === 'queries' ? { kind: 'risk_queries', filters: queryFilters(state) } : null;

  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        title={t('balance.title')}
        description={t('balance.description')}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => setDialog('qr')}>{t('balance.qr')}</Button>
            <Button variant="secondary" onClick={() => setDialog('offline')}>
              {t('balance.offline')}
            </Button>
          </div>
        }
      />
      {balance.isPending ? (
        <DetailLoading />
      ) : balance.isError || !balance.data ? (
        <DetailError title={t('balance.loadError')} onRetry={() => void balance.refetch()} />
      ) : (
        <>
          <Stats
            items={[
              { id: 'balance', label: t('balance.balance'), value: formatCurrency(balance.data.balance), tone: balance.data.low ? 'danger' : 'primary' },
              { id: 'intakePrice', label: t('balance.intakePrice'), value: formatCurrency(balance.data.intake_price), tone: 'muted' },
              { id: 'unchecked', label: t('balance.unchecked'), value: String(balance.data.unchecked_orders), tone: balance.data.unchecked_orders > 0 ? 'danger' : 'muted' },
            ]}
          />
          <RiskWarnings balance={balance.data} canRecharge={false} canAudit={hasAction(auth, 'order.audit')} />
        </>
      )}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0 flex-1">
          <LinkTabs label={t('views.label')} tabs={views} current={state.view} />
        </div>
        {exported && <ExportButton kind={exported.kind} filters={exported.filters} />}
      </div>
      {state.view === 'bills' && <BillsView state={state} update={update} reset={reset} />}
      {state.view === 'recharges' && <RechargesView state={state} update={update} reset={reset} />}
      {state.view === 'queries' && <QueriesView state={state} update={update} reset={reset} />}
      <QrRechargeDialog open={dialog === 'qr'} onClose={() => setDialog(null)} />
      <OfflineRechargeDialog open={dialog === 'offline'} onClose={() => setDialog(null)} />
    </div>
  );
}

function DateRange({ state, update }: { state: RiskScreenState; update: Update }) {
  const t = useTranslations('risk.filters');
  return (
    <>
      <DateField className="w-full sm:w-40" label={t('dateFrom')} value={state.date_from} max={state.date_to || undefined} onChange={(value) => update({ date_from: value })} />
      <DateField className="w-full sm:w-40" label={t('dateTo')} value={state.date_to} min={state.date_from || undefined} onChange={(value) => update({ date_to: value })} />
    </>
  );
}

function BillsView({ state, update, reset }: { state: RiskScreenState; update: Update; reset: () => void }) {
  const t = useTranslations('risk');
  const bills = useRiskBills(paged(billFilters(state), state));
  const columns = useRiskBillColumns();
  const options: PillOption<RiskBillType>[] = [{ value: undefined, label: t('filters.allTypes') }, ...BILL_TYPES.map((type) => ({ value: type, label: t(`billType.${type}`) }))];
  return (
    <>
      <FilterPills label={t('filters.type')} value={state.type} options={options} onChange={(type) => update({ type })} />
      <FilterBar>
        <DateRange state={state} update={update} />
      </FilterBar>
      {bills.data && (
        <Stats
          compact
          items={[
            { id: 'recharged', label: t('balance.recharged'), value: formatCurrency(bills.data.recharged) },
            { id: 'charged', label: t('balance.charged'), value: formatCurrency(bills.data.charged), tone: 'muted' },
          ]}
        />
      )}
      <ListTable
        label={t('tables.bills')}
        columns={columns}
        query={bills}
        paging={{ state, update }}
        errorTitle={t('empty.loadError')}
        empty={hasRiskFilters(state) ? <NoMatches title={t('empty.noMatch')} onClear={reset} /> : <TableEmpty title={t('empty.billsTitle')} description={t('empty.billsHint')} />}
      />
    </>
  );
}

function RechargesView({ state, update, reset }: { state: RiskScreenState; update: Update; reset: () => void }) {
  const t = useTranslations('risk');
  const recharges = useRecharges(paged(rechargeFilters(state), state));
  const [detailId, setDetailId] = useState<number | null>(null);
  const actions = useMemo(() => ({ onOpen: (row: RechargeRow) => setDetailId(row.id) }), []);
  const columns = useRechargeColumns({ platform: false, actions });
  const counts = recharges.data?.statuses;
  const countOf = (status: RechargeStatus) => counts?.find((item) => item.value === status)?.count;
  const options: PillOption<RechargeStatus>[] = [
    { value: undefined, label: t('filters.allStatuses'), ...(counts ? { count: counts.reduce((sum, item) => sum + item.count, 0) } : {}) },
    ...RECHARGE_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`), ...(countOf(status) !== undefined ? { count: countOf(status) } : {}) })),
  ];
  return (
    <>
      <FilterPills label={t('filters.status')} value={state.status} options={options} onChange={(status) => update({ status })} />
      <FilterBar>
        <FilterSelect
          label={t('filters.method')}
          value={state.method ?? ''}
          options={[{ value: '', label: t('filters.allMethods') }, ...RECHARGE_METHODS.map((method) => ({ value: method, label: t(`method.${method}`) }))]}
          onChange={(value) => update({ method: value === 'qr' || value === 'offline' ? value : undefined })}
        />
        <DateRange state={state} update={update} />
      </FilterBar>
      <ListTable
        label={t('tables.recharges')}
        columns={columns}
        query={recharges}
        paging={{ state, update }}
        errorTitle={t('empty.loadError')}
        empty={hasRiskFilters(state) ? <NoMatches title={t('empty.noMatch')} onClear={reset} /> : <TableEmpty title={t('empty.rechargesTitle')} description={t('empty.rechargesHint')} />}
      />
      <RechargeDetailDialog id={detailId} platform={false} onClose={() => setDetailId(null)} />
    </>
  );
}

function QueriesView({ state, update, reset }: { state: RiskScreenState; update: Update; reset: () => void }) {
  const t = useTranslations('risk');
  const english = !useLocale().startsWith('zh');
  const queries = useRiskQueries(paged(queryFilters(state), state));
  const types = useRiskTypes();
  const columns = useRiskQueryColumns();
  return (
    <>
      <FilterBar>
        <FilterSelect
          label={t('filters.queryType')}
          value={state.query_type}
          options={[{ value: '', label: t('filters.allQueryTypes') }, ...(types.data ?? []).filter((type) => type.kind === 'risk').map((type) => ({ value: type.value, label: english ? type.label_en : type.label }))]}
          onChange={(value) => update({ query_type: value })}
        />
        <DateRange state={state} update={update} />
      </FilterBar>
      <ListTable
        label={t('tables.queries')}
        columns={columns}
        query={queries}
        paging={{ state, update }}
        errorTitle={t('empty.loadError')}
        empty={hasRiskFilters(state) ? <NoMatches title={t('empty.noMatch')} onClear={reset} /> : <TableEmpty title={t('empty.queriesTitle')} description={t('empty.queriesHint')} />}
      />
    </>
  );
}
