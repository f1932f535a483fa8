'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { ExportButton } from '@/components/ExportButton';
import { useGlobalState } from '@/components/GlobalStateProvider';
import { PageHeader } from '@/components/PageHeader';
import { DataTable } from '@/components/data-table/DataTable';
import { ListTable } from '@/components/data-table/ListTable';
import { Pagination } from '@/components/data-table/Pagination';
import { NoMatches, TableEmpty } from '@/components/data-table/TableStates';
import { FilterBar, SearchBox } from '@/components/filters/FilterBar';
import { MerchantFilter } from '@/components/filters/MerchantFilter';
import { FilterPills, type PillOption } from '@/components/filters/FilterPills';
import { useListUrlState } from '@/components/filters/useListUrlState';
import { LinkTabs } from '@/components/ui/LinkTabs';
import { hasAction } from '@/lib/access';
import { PLATFORM_ADMIN } from '@/lib/platform';
import {
  BILL_LIST_VIEWS,
  BILL_STATES,
  billListExport,
  billListSearch,
  billListViewHref,
  billLinesQuery,
  financeBillsQuery,
  financeRecordQuery,
  hasBillListFilters,
  parsePlatformBillListState,
  parseStoreBillListState,
  PLATFORM_LINE_TYPES,
  STORE_LINE_TYPES,
  typeCountQuery,
  type BillListState,
  type BillState,
  type LineType,
} from '../lib/billListState';
import { useFinanceBills, usePlatformBillLines, useStoreBillLines, useTypeCounts, type BillLine, type BillLinePage, type TypeCount } from '../queries';
import { useFinanceBillColumns, useLineColumns } from './bill-table/columns';
import { MarkCollectSummary } from './MarkCollectSummary';
import { DateField } from '@/components/ui/DateField';

type Update = (patch: Partial<BillListState>) => void;

/**
 * /billList on either side. The store reads its income and expense lines under its totals, and
 * in a second view its customers' instalment bills; the platform reads its own lines across
 * merchants, filtered by merchant. Each list exports as it is filtered (`finance.view`, which
 * the page itself needs).
 */
export function BillListScreen() {
  const platform = useGlobalState((state) => state.platformType) === PLATFORM_ADMIN;
  return platform ? <PlatformBillList /> : <StoreBillList />;
}

function StoreBillList() {
  const t = useTranslations('finance.billList');
  const { state, update, reset } = useListUrlState(parseStoreBillListState, billListSearch);
  const exported = billListExport(state, false);
  const views = BILL_LIST_VIEWS.map((view) => ({ id: view, href: billListViewHref(view), label: t(`views.${view}`) }));
  return (
    <div className="flex flex-col gap-4 sm:gap-5">
      <PageHeader title={t('pageTitle')} description={t('description')} actions={<ExportButton kind={exported.kind} filters={exported.filters} />} />
      <LinkTabs label={t('views.label')} tabs={views} current={state.view} />
      {state.view === 'lines' ? <StoreLines state={state} update={update} reset={reset} /> : <CustomerBills state={state} update={update} />}
    </div>
  );
}

function StoreLines({ state, update, reset }: { state: BillListState; update: Update; reset: () => void }) {
  const t = useTranslations('finance.billList');
  const lines = useStoreBillLines(billLinesQuery(state));
  const counts = useTypeCounts(false, typeCountQuery(state, false));
  return (
    <>
      <MarkCollectSummary state={state} />
      <TypePills platform={false} value={state.type} counts={counts.data} onChange={(type) => update({ type })} />
      <FilterBar>
        <DateRange state={state} update={update} />
        <SearchBox key={state.order_no} label={t('filters.orderNo')} placeholder={t('filters.orderNoPlaceholder')} initial={state.order_no} onSearch={(orderNo) => update({ order_no: orderNo })} />
      </FilterBar>
      <LinesTable platform={false} state={state} update={update} reset={reset} lines={lines} />
    </>
  );
}

function PlatformBillList() {
  const t = useTranslations('finance.billList');
  const auth = useGlobalState((state) => state.auth);
  const { state, update, reset } = useListUrlState(parsePlatformBillListState, billListSearch);
  const lines = usePlatformBillLines(financeRecordQuery(state));
  const counts = useTypeCounts(true, typeCountQuery(state, true));
  // The merchants' names come from getShopSelections (goods.view); a finance role without it
  // still narrows to a merchant from the list's rows (the merchant's name is a button).
  const named = lines.data?.list.find((line) => line.merchant_id === state.merchant_id);
  const exported = billListExport(state, true);
  return (
    <div className="flex flex-col gap-4 sm:gap-5">
      <PageHeader title={t('pageTitle')} description={t('descriptionPlatform')} actions={<ExportButton kind={exported.kind} filters={exported.filters} />} />
      <TypePills platform value={state.type} counts={counts.data} onChange={(type) => update({ type })} />
      <FilterBar>
        <MerchantFilter
          value={state.merchant_id}
          onChange={(merchant_id) => update({ merchant_id })}
          enabled={hasAction(auth, 'goods.view')}
          known={named && state.merchant_id ? { id: state.merchant_id, name: named.merchant_name } : undefined}
        />
        <DateRange state={state} update={update} />
      </FilterBar>
      <LinesTable platform state={state} update={update} reset={reset} lines={lines} />
    </div>
  );
}

/** The type tabs: every type of the side with how many lines the other filters leave. */
function TypePills({ platform, value, counts, onChange }: { platform: boolean; value: LineType | undefined; counts: readonly TypeCount[] | undefined; onChange: (type: LineType | undefined) => void }) {
  const t = useTranslations('finance.billList');
  const count = (type: string) => counts?.find((item) => item.value === type)?.count;
  const types: readonly LineType[] = platform ? PLATFORM_LINE_TYPES : STORE_LINE_TYPES;
  const label = (type: LineType) => {
    if (!platform || type === 'receipt') return t(`types.${type}`);
    return t(`types.${type === 'refund' ? 'platformRefund' : type === 'commission' ? 'platformCommission' : 'platformWithdrawal'}`);
  };
  const options: PillOption<LineType>[] = [
    { value: undefined, label: t('filters.allTypes'), ...(counts ? { count: counts.reduce((sum, item) => sum + item.count, 0) } : {}) },
    ...types.map((type) => ({ value: type, label: label(type), ...(count(type) !== undefined ? { count: count(type) } : {}) })),
  ];
  return <FilterPills label={t('filters.type')} value={value} options={options} onChange={onChange} />;
}

function DateRange({ state, update, due = false }: { state: BillListState; update: Update; due?: boolean }) {
  const t = useTranslations('finance.billList.filters');
  return (
    <>
      <DateField className="w-full sm:w-40" label={due ? t('dueFrom') : t('dateFrom')} value={state.date_from} max={state.date_to || undefined} onChange={(value) => update({ date_from: value })} />
      <DateField className="w-full sm:w-40" label={due ? t('dueTo') : t('dateTo')} value={state.date_to} min={state.date_from || undefined} onChange={(value) => update({ date_to: value })} />
    </>
  );
}

function LinesTable({
  platform,
  state,
  update,
  reset,
  lines,
}: {
  platform: boolean;
  state: BillListState;
  update: Update;
  reset: () => void;
  lines: { data: BillLinePage | undefined; isPending: boolean; isPlaceholderData: boolean; isError: boolean; refetch: () => unknown };
}) {
  const t = useTranslations('finance.billList');
  const onMerchant = useCallback((merchantId: number) => update({ merchant_id: merchantId }), [update]);
  const columns = useLineColumns({ platform, onMerchant: platform ? onMerchant : undefined });
  return (
    <DataTable<BillLine>
      label={t('linesTable')}
      columns={columns}
      rows={lines.data?.list}
      isPending={lines.isPending}
      isFetching={lines.isPlaceholderData}
      isError={lines.isError}
      onRetry={() => void lines.refetch()}
      errorTitle={t('linesLoadError')}
      getRowId={(line) => String(line.id)}
      empty={hasBillListFilters(state) ? <NoMatches title={t('empty.linesNoMatch')} onClear={reset} /> : <TableEmpty title={t('empty.linesTitle')} description={platform ? t('empty.platformLinesHint') : t('empty.linesHint')} />}
      footer={lines.data && <Pagination page={state.page} pageSize={state.page_size} total={lines.data.total} capped={lines.data.total_capped} onChange={(patch) => update(patch)} />}
    />
  );
}

function CustomerBills({ state, update }: { state: BillListState; update: Update }) {
  const t = useTranslations('finance.billList');
  const bills = useFinanceBills(financeBillsQuery(state));
  const columns = useFinanceBillColumns();
  const options: PillOption<BillState>[] = [{ value: undefined, label: t('filters.allStates') }, ...BILL_STATES.map((billState) => ({ value: billState, label: t(`states.${billState}`) }))];
  // Clearing the filters keeps the reader on the customers' bills.
  const clear = () => update({ state: undefined, date_from: '', date_to: '', order_no: '' });
  return (
    <>
      <FilterPills label={t('filters.state')} value={state.state} options={options} onChange={(billState) => update({ state: billState })} />
      <FilterBar>
        <DateRange state={state} update={update} due />
        <SearchBox key={state.order_no} label={t('filters.orderNo')} placeholder={t('filters.orderNoPlaceholder')} initial={state.order_no} onSearch={(orderNo) => update({ order_no: orderNo })} />
      </FilterBar>
      <ListTable
        label={t('billsTable')}
        columns={columns}
        query={bills}
        paging={{ state, update }}
        errorTitle={t('billsLoadError')}
        empty={hasBillListFilters(state) ? <NoMatches title={t('empty.billsNoMatch')} onClear={clear} /> : <TableEmpty title={t('empty.billsTitle')} description={t('empty.billsHint')} />}
      />
    </>
  );
}
