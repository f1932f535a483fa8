'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { useGlobalState } from '@/components/GlobalStateProvider';
import { PageHeader } from '@/components/PageHeader';
import { ListTable } from '@/components/data-table/ListTable';
import { FilterBar, SearchBox } from '@/components/filters/FilterBar';
import { MerchantFilter } from '@/components/filters/MerchantFilter';
import { FilterPills } from '@/components/filters/FilterPills';
import { useListUrlState } from '@/components/filters/useListUrlState';
import { formatCurrency } from '@/components/format';
import { Stats } from '@/components/ui/Stats';
import { hasAction } from '@/lib/access';
import { PLATFORM_ADMIN } from '@/lib/platform';
import { hasWithdrawalFilters, parseWithdrawalListState, withdrawalFilters, withdrawalListQuery, withdrawalListSearch, WITHDRAWAL_STATUSES, type WithdrawalStatus } from '../lib/withdrawals';
import { usePlatformWithdrawals, useStoreWithdrawals, useWithdrawalCount, useWithdrawalTypes, type WithdrawalRow, type WithdrawalStatusCount } from '../queries';
import { ApproveWithdrawalDialog, CancelWithdrawalDialog, RejectWithdrawalDialog } from './WithdrawalDecisionDialogs';
import { WithdrawalDetailDialog } from './WithdrawalDetailDialog';
import { prioritize } from '@/components/data-table/fit';
import { useWithdrawalColumns } from './withdrawal-table/columns';
import { NoMatchingWithdrawals, NoWithdrawals } from './withdrawal-table/empty-states';
import { DateField } from '@/components/ui/DateField';

type Pending = { kind: 'cancel' | 'approve' | 'reject'; row: WithdrawalRow } | null;

/**
 * /cashWithdrawal on both sides: the shop's withdrawals (balance on top, cancel before approval,
 * a way to apply) or every merchant's on the platform (merchant filter, approve and reject).
 * Status tabs with counts; filters in the URL.
 */
export function WithdrawalListScreen() {
  const t = useTranslations('withdrawal');
  const platformType = useGlobalState((state) => state.platformType);
  const auth = useGlobalState((state) => state.auth);
  const platform = platformType === PLATFORM_ADMIN;
  const canApply = !platform && hasAction(auth, 'withdrawal.apply');
  const { state, update, reset } = useListUrlState(parseWithdrawalListState, withdrawalListSearch);
  const query = withdrawalListQuery(state, platform);
  const filters = withdrawalFilters(state, platform);
  const storeList = useStoreWithdrawals(query, !platform);
  const platformList = usePlatformWithdrawals(query, platform);
  const list = platform ? platformList : storeList;
  const storeCount = useWithdrawalCount(filters, !platform);
  const platformTypes = useWithdrawalTypes(filters, platform);
  const counts: readonly WithdrawalStatusCount[] | undefined = platform ? platformTypes.data : storeCount.data?.statuses;
  const [detailId, setDetailId] = useState<number | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const actions = useMemo(
    () => ({
      onOpen: (row: WithdrawalRow) => setDetailId(row.id),
      ...(canApply ? { onCancel: (row: WithdrawalRow) => setPending({ kind: 'cancel', row }) } : {}),
      ...(platform
        ? { onApprove: (row: WithdrawalRow) => setPending({ kind: 'approve', row }), onReject: (row: WithdrawalRow) => setPending({ kind: 'reject', row }) }
        : {}),
    }),
    [canApply, platform],
  );
  // A withdrawal's amount, status and why it was turned down stay in view; the account and payout time fold first.
  const withdrawalColumns = useWithdrawalColumns({ platform, actions });
  const columns = useMemo(() => prioritize(withdrawalColumns, { account: 3, paid_at: 3, amount: 1, status: 1, reason: 1 }), [withdrawalColumns]);

  const countOf = (status: WithdrawalStatus) => counts?.find((item) => item.value === status)?.count;
  const total = counts?.reduce((sum, item) => sum + item.count, 0);
  const tabs = [{ value: undefined, label: t('list.all'), count: total }, ...WITHDRAWAL_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`), count: countOf(status) }))];
  const close = () => setPending(null);

  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        title={t('list.title')}
        description={platform ? t('list.descriptionPlatform') : t('list.description')}
        actions={
          canApply && (
            <Link href="/applyWithdrawal" className="inline-flex items-center justify-center rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-brand-700">
              {t('list.apply')}
            </Link>
          )
        }
      />
      {!platform && storeCount.data && (
        <Stats
          items={[
            { id: 'withdrawable', label: t('list.withdrawable'), value: formatCurrency(storeCount.data.withdrawable) },
            { id: 'inFlight', label: t('list.inFlight'), value: formatCurrency(storeCount.data.in_flight), tone: 'muted' },
          ]}
        />
      )}
      <FilterPills label={t('list.statusTabs')} value={state.status} options={tabs} onChange={(status) => update({ status })} />
      <FilterBar>
        <SearchBox key={state.withdrawal_no} label={t('list.number')} placeholder={t('list.numberPlaceholder')} initial={state.withdrawal_no} onSearch={(withdrawal_no) => update({ withdrawal_no })} />
        <DateField className="w-full sm:w-40" label={t('list.dateFrom')} value={state.date_from} max={state.date_to || undefined} onChange={(value) => update({ date_from: value })} />
        <DateField className="w-full sm:w-40" label={t('list.dateTo')} value={state.date_to} min={state.date_from || undefined} onChange={(value) => update({ date_to: value })} />
        {platform && (
          <MerchantFilter value={state.merchant_id} onChange={(merchant_id) => update({ merchant_id })} />
        )}
      </FilterBar>
      <ListTable
        texts="withdrawal.list"
        columns={columns}
        query={list}
        paging={{ state, update }}
        empty={hasWithdrawalFilters(state) ? <NoMatchingWithdrawals onClear={reset} /> : <NoWithdrawals canApply={canApply} />}
      />
      <WithdrawalDetailDialog id={detailId} platform={platform} onClose={() => setDetailId(null)} />
      {pending?.kind === 'cancel' && <CancelWithdrawalDialog row={pending.row} onClose={close} />}
      {pending?.kind === 'approve' && <ApproveWithdrawalDialog row={pending.row} onClose={close} />}
      {pending?.kind === 'reject' && <RejectWithdrawalDialog row={pending.row} onClose={close} />}
    </div>
  );
}
