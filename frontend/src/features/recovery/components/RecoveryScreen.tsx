'use client';

import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useMemo, useState } from 'react';
import { ListTable } from '@/components/data-table/ListTable';
import { selectedRows, useListSelection } from '@/components/data-table/selection';
import { FilterBar, FilterSelect, SearchBox } from '@/components/filters/FilterBar';
import { FilterPills } from '@/components/filters/FilterPills';
import { useListUrlState } from '@/components/filters/useListUrlState';
import { formatCurrency } from '@/components/format';
import { useGlobalState } from '@/components/GlobalStateProvider';
import { lazyDialog } from '@/components/lazyDialog';
import { PageHeader } from '@/components/PageHeader';
import { Button } from '@/components/ui/Button';
import { NoMatches } from '@/components/data-table/TableStates';
import { EmptyState } from '@/components/ui/EmptyState';
import { LinkTabs } from '@/components/ui/LinkTabs';
import { isOrderStage, stageListPath } from '@/features/orders/lib/stages';
import { useSubShopChoices } from '@/features/orders/queries';
import { useSubShopAccess } from '@/features/subshops/lib/useSubShopAccess';
import { hasAction } from '@/lib/access';
import { businessDay } from '@/lib/businessTime';
import { bucketRange, bucketTabs, CASE_STATES, recoveryCountQuery, recoveryListQuery, recoveryListUrl, WHO, type Who } from '../lib/recovery';
import { useRecoveryCases, useRecoveryCollectors, useRecoveryCount, useRecoverySetting, type CaseRow } from '../queries';
import { useCaseColumns } from './columns';

const AssignDialog = lazyDialog(() => import('./AssignDialog').then((module) => module.AssignDialog), (props) => props.caseIds.length > 0);
const SettingsDialog = lazyDialog(() => import('./SettingsDialog').then((module) => module.SettingsDialog), (props) => props.open);

const caseRowId = (row: CaseRow) => String(row.id);

/** What the session may do on the workbench: the server scopes every call the same way. */
export function useRecoveryAccess() {
  const auth = useGlobalState((state) => state.auth);
  const { ownSubShop } = useSubShopAccess();
  const seesAll = hasAction(auth, 'recovery.view');
  return {
    seesAll,
    canAssign: hasAction(auth, 'recovery.assign'),
    canConfigure: hasAction(auth, 'recovery.config'),
    canWork: hasAction(auth, 'recovery.work'),
    canWriteOff: hasAction(auth, 'recovery.writeoff'),
    canReveal: hasAction(auth, 'order.identity'),
    // A collector works the case here; the order's own page needs an order right.
    canOpenOrder: hasAction(auth, ['order.view', 'order.view_assigned', 'suborder.view']),
    ownSubShop,
    // A collector starts on its own cases; the owner, finance and a sub-shop on every case they see.
    defaultWho: (seesAll || ownSubShop !== null ? 'all' : 'mine') as Who,
  };
}

/** /recovery: the collector's workbench — cases by aging bucket, next action due first. */
export function RecoveryScreen() {
  const t = useTranslations('recovery');
  const tOrder = useTranslations('order');
  const access = useRecoveryAccess();
  const url = useMemo(() => recoveryListUrl(access.defaultWho), [access.defaultWho]);
  const { state, update, reset } = useListUrlState(url.parse, url.serialize);
  const query = recoveryListQuery(state);
  const list = useRecoveryCases(query);
  const counts = useRecoveryCount(recoveryCountQuery(state));
  const setting = useRecoverySetting(access.canAssign);
  const collectors = useRecoveryCollectors(access.canAssign);
  const subShops = useSubShopChoices(access.seesAll && access.ownSubShop === null);
  const columns = useCaseColumns(businessDay());
  const { selection, setSelection, clear } = useListSelection(JSON.stringify(query));
  const selected = selectedRows(list.data?.list, selection, caseRowId);
  const selectLabels = useMemo(() => ({ all: t('selectAll'), row: (row: CaseRow) => t('selectRow', { orderNo: row.order_no }) }), [t]);
  const [assigning, setAssigning] = useState<number[]>([]);
  const [settingsOpen, setSettingsOpen] = useState(false);

  const tabs = bucketTabs(counts.data).map((tab) => ({
    id: tab.id || 'all',
    href: `/recovery${searchOf(url.serialize({ ...state, bucket: tab.id, page: 1 }))}`,
    label:
      tab.id === ''
        ? t('allTab', { amount: tab.total_owed === undefined ? '' : formatCurrency(tab.total_owed) })
        : t('tab', { bucket: tab.id, range: bucketRange(tab.id, setting.data), amount: tab.total_owed === undefined ? '' : formatCurrency(tab.total_owed) }),
    count: tab.count,
  }));
  const filtered = state.keyword !== '' || state.bucket !== '' || state.state !== 'open' || state.assignee_id !== undefined || state.sub_shop_id !== undefined || state.who !== access.defaultWho;
  const whoChoices = access.seesAll || access.canAssign ? WHO : access.ownSubShop !== null ? (['all', 'mine'] as const) : (['mine'] as const);

  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          access.canAssign && (
            <Button variant="secondary" onClick={() => setSettingsOpen(true)}>
              {t('settings')}
            </Button>
          )
        }
      />
      <div data-recovery-tabs>
        <LinkTabs label={t('bucketTabs')} tabs={tabs} current={state.bucket || 'all'} />
        {counts.isError && <p className="mt-2 text-sm text-red-700">{t('countError')}</p>}
        {counts.data && counts.data.order_stages.length > 0 && (
          <p className="mt-2 text-sm text-slate-600" data-order-stages>
            {t('orderStages.lead', { count: counts.data.all.count })}
            {counts.data.order_stages.map((row, index) => (
              <span key={row.stage || 'none'} className="whitespace-nowrap">
                {index > 0 ? ' · ' : ' '}
                {isOrderStage(row.stage) ? (
                  <Link href={stageListPath(row.stage, access.ownSubShop !== null ? 'sub' : 'main')} className="text-brand-700 underline-offset-2 hover:underline">
                    {tOrder(`stage.${row.stage}`)} {row.count}
                  </Link>
                ) : (
                  <>
                    {t('orderStages.gone')} {row.count}
                  </>
                )}
              </span>
            ))}
            <span className="mt-0.5 hidden text-xs text-slate-500 sm:block">{t('orderStages.note')}</span>
          </p>
        )}
      </div>
      <FilterBar>
        <SearchBox key={state.keyword} label={t('keyword')} placeholder={t('keywordPlaceholder')} initial={state.keyword} onSearch={(keyword) => update({ keyword })} />
        {whoChoices.length > 1 && (
          <div className="pb-1.5">
            <FilterPills showLabel label={t('whoFilter')} value={state.who} options={whoChoices.map((who) => ({ value: who, label: t(`who.${who}`) }))} onChange={(who) => update({ who: who ?? access.defaultWho, assignee_id: undefined })} />
          </div>
        )}
        <div className="pb-1.5">
          <FilterPills
            showLabel
            label={t('stateFilter')}
            value={state.state}
            options={CASE_STATES.map((value) => ({ value, label: t(`state.${value}`), ...(value !== 'any' && counts.data ? { count: counts.data.states.find((row) => row.state === value)?.count ?? 0 } : {}) }))}
            onChange={(value) => update({ state: value ?? 'open' })}
          />
        </div>
        {access.canAssign && state.who === 'all' && (
          <FilterSelect
            label={t('assigneeFilter')}
            value={state.assignee_id ? String(state.assignee_id) : ''}
            options={[{ value: '', label: t('allAssignees') }, ...(collectors.data ?? []).map((collector) => ({ value: String(collector.id), label: collector.name || collector.username, userText: true }))]}
            onChange={(value) => update({ assignee_id: value ? Number(value) : undefined })}
          />
        )}
        {access.seesAll && access.ownSubShop === null && (subShops.data?.length ?? 0) > 0 && (
          <FilterSelect
            label={t('subShopFilter')}
            value={state.sub_shop_id ? String(state.sub_shop_id) : ''}
            options={[{ value: '', label: t('allSubShops') }, ...(subShops.data ?? []).map((shop) => ({ value: String(shop.id), label: shop.name, userText: true }))]}
            onChange={(value) => update({ sub_shop_id: value ? Number(value) : undefined })}
          />
        )}
      </FilterBar>
      {access.canAssign && selected.length > 0 && (
        <div className="flex flex-wrap items-center gap-3 rounded-md bg-brand-50 px-4 py-2 text-sm" data-bulk-bar>
          <span className="font-medium text-slate-800">{t('selected', { count: selected.length })}</span>
          <Button onClick={() => setAssigning(selected.map((row) => row.id))}>{t('assign')}</Button>
          <Button variant="link" onClick={clear}>
            {t('clearSelection')}
          </Button>
        </div>
      )}
      <ListTable
        texts="recovery"
        columns={columns}
        query={list}
        paging={{ state, update }}
        getRowId={caseRowId}
        {...(access.canAssign ? { rowSelection: selection, onRowSelectionChange: setSelection, selectLabels } : {})}
        empty={
          filtered ? (
            <NoMatches title={t('noMatchTitle')} onClear={reset} />
          ) : (
            <EmptyState title={t('emptyTitle')} description={state.who === 'mine' ? t('emptyMineHint') : t('emptyHint')} />
          )
        }
      />
      <AssignDialog caseIds={assigning} onClose={() => setAssigning([])} onDone={clear} />
      <SettingsDialog open={settingsOpen} canSave={access.canConfigure} onClose={() => setSettingsOpen(false)} />
    </div>
  );
}

function searchOf(search: string): string {
  return search ? `?${search}` : '';
}
