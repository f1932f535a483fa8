'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { PageHeader } from '@/components/PageHeader';
import { ListTable } from '@/components/data-table/ListTable';
import { NoMatches, TableEmpty } from '@/components/data-table/TableStates';
import { FilterBar, FilterSelect, SearchBox } from '@/components/filters/FilterBar';
import { MerchantFilter } from '@/components/filters/MerchantFilter';
import { FilterPills, type PillOption } from '@/components/filters/FilterPills';
import { useListUrlState } from '@/components/filters/useListUrlState';
import { lazyDialog } from '@/components/lazyDialog';
import { auditListQuery, auditListSearch, hasAuditFilters, parseAuditListState, RECHARGE_METHODS, RECHARGE_STATUSES, type AuditStatus, type RechargeStatus } from '../lib/risk';
import { useRecharges, type RechargeRow } from '../queries';
import { useRechargeColumns } from './risk-table/columns';
import { DateField } from '@/components/ui/DateField';

// The recharge's detail (its history, the decision) and the decisions' dialogs load when first opened.
const ApproveRechargeDialog = lazyDialog(() => import('./AuditDecisionDialogs').then((module) => module.ApproveRechargeDialog), () => true);
const RejectRechargeDialog = lazyDialog(() => import('./AuditDecisionDialogs').then((module) => module.RejectRechargeDialog), () => true);
const RechargeDetailDialog = lazyDialog(() => import('./RechargeDetailDialog').then((module) => module.RechargeDetailDialog), (props) => props.id !== null);

type Pending = { kind: 'approve' | 'reject'; row: RechargeRow } | null;

/**
 * /rechargeAudit (platform, `recharge.audit`): every merchant's risk-balance recharges, status
 * tabs with counts (awaiting audit first), a merchant filter; a transfer's voucher in its
 * detail, approved (credited once) or rejected with a reason the merchant sees.
 */
export function RechargeAuditScreen() {
  const t = useTranslations('risk');
  const { state, update, reset } = useListUrlState(parseAuditListState, auditListSearch);
  const list = useRecharges(auditListQuery(state));
  const [detailId, setDetailId] = useState<number | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const actions = useMemo(
    () => ({
      onOpen: (row: RechargeRow) => setDetailId(row.id),
      onApprove: (row: RechargeRow) => setPending({ kind: 'approve', row }),
      onReject: (row: RechargeRow) => setPending({ kind: 'reject', row }),
    }),
    [],
  );
  const columns = useRechargeColumns({ platform: true, actions });
  const counts = list.data?.statuses;
  const countOf = (status: RechargeStatus) => counts?.find((item) => item.value === status)?.count;
  const ordered: readonly RechargeStatus[] = ['pending', ...RECHARGE_STATUSES.filter((status) => status !== 'pending')];
  const tabs: PillOption<AuditStatus>[] = [
    ...ordered.map((status) => ({ value: status, label: t(`status.${status}`), ...(countOf(status) !== undefined ? { count: countOf(status) } : {}) })),
    { value: 'all', label: t('filters.allStatuses'), ...(counts ? { count: counts.reduce((sum, item) => sum + item.count, 0) } : {}) },
  ];
  const close = () => setPending(null);

  return (
    <div className="flex flex-col gap-5">
      <PageHeader title={t('audit.title')} description={t('audit.description')} />
      <FilterPills label={t('filters.status')} value={state.status} options={tabs} onChange={(status) => update({ status: status ?? 'pending' })} />
      <FilterBar>
        <MerchantFilter value={state.merchant_id} onChange={(merchant_id) => update({ merchant_id })} />
        <FilterSelect
          label={t('filters.method')}
          value={state.method ?? ''}
          options={[{ value: '', label: t('filters.allMethods') }, ...RECHARGE_METHODS.map((method) => ({ value: method, label: t(`method.${method}`) }))]}
          onChange={(value) => update({ method: value === 'qr' || value === 'offline' ? value : undefined })}
        />
        <SearchBox key={state.recharge_no} label={t('filters.number')} placeholder={t('filters.numberPlaceholder')} initial={state.recharge_no} onSearch={(rechargeNo) => update({ recharge_no: rechargeNo })} />
        <DateField className="w-full sm:w-40" label={t('filters.dateFrom')} value={state.date_from} max={state.date_to || undefined} onChange={(value) => update({ date_from: value })} />
        <DateField className="w-full sm:w-40" label={t('filters.dateTo')} value={state.date_to} min={state.date_from || undefined} onChange={(value) => update({ date_to: value })} />
      </FilterBar>
      <ListTable
        label={t('tables.recharges')}
        columns={columns}
        query={list}
        paging={{ state, update }}
        errorTitle={t('empty.loadError')}
        empty={hasAuditFilters(state) ? <NoMatches title={t('empty.noMatch')} onClear={reset} /> : <TableEmpty title={t('empty.rechargesTitle')} />}
      />
      <RechargeDetailDialog id={detailId} platform onClose={() => setDetailId(null)} />
      {pending?.kind === 'approve' && <ApproveRechargeDialog row={pending.row} onClose={close} />}
      {pending?.kind === 'reject' && <RejectRechargeDialog row={pending.row} onClose={close} />}
    </div>
  );
}
