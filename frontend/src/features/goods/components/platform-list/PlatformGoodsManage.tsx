'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState, type FormEvent } from 'react';
import { useGlobalStore } from '@/components/GlobalStateProvider';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { notify } from '@/lib/notice';
import { useGoodsClass, usePlatformGoodsCount, usePlatformGoodsList, useShopSelections, useUpdateDisplayStatus } from '../../queries';
import { GOODS_STATUSES, isGoodsStatus, type PlatformGoodsRow } from '../../types';
import { DataTable } from '@/components/ui/Table';
import { Select } from '../common/fields';
import { ListError, TableSkeleton } from '../common/ListStates';
import { PageHeader } from '../common/PageHeader';
import { Pagination } from '../common/Pagination';
import { StatusTabs } from '../common/StatusTabs';
import { optionalId, positiveInt, useUrlFilters } from '../common/useUrlFilters';
import { usePlatformGoodsColumns, type PlatformRowActions } from './columns';
import { ForceDownDialog } from './ForceDownDialog';
import { ReviewDialog } from './ReviewDialog';
import { ReviewSettingSwitch } from './ReviewSettingSwitch';

const PAGE_SIZE = 20;

/** The platform's view of every merchant's goods: filters in the URL, review, force down, display. */
export function PlatformGoodsManage() {
  const t = useTranslations('goods');
  const store = useGlobalStore();
  const canGovern = store.hasAction('goods.govern');
  const { get, set } = useUrlFilters();
  const status = get('status');
  const filters = {
    status: isGoodsStatus(status) ? status : undefined,
    merchant_id: optionalId(get('merchant_id')),
    category_id: optionalId(get('category_id')),
    keyword: get('keyword') || undefined,
    page: positiveInt(get('page'), 1),
    page_size: PAGE_SIZE,
  };
  const list = usePlatformGoodsList(filters);
  const counts = usePlatformGoodsCount();
  const shops = useShopSelections();
  const classes = useGoodsClass();
  const display = useUpdateDisplayStatus();
  const [forcing, setForcing] = useState<PlatformGoodsRow | null>(null);
  const [reviewing, setReviewing] = useState<PlatformGoodsRow | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [keywordDraft, setKeywordDraft] = useState(filters.keyword ?? '');
  const rows = useMemo(() => list.data?.list ?? [], [list.data]);

  const actions: PlatformRowActions = {
    canGovern,
    busyId,
    onForceDown: setForcing,
    onReview: setReviewing,
    onDisplay: (row, next) => {
      setBusyId(row.id);
      display.mutate(
        { ids: [row.id], display_status: next },
        {
          onSuccess: () => notify({ kind: 'success', message: { raw: t(next ? 'platform.shown' : 'platform.hiddenDone', { title: row.title }) } }),
          onError: (error) => notify({ kind: 'warning', title: { key: 'notice.requestError' }, message: { raw: error.message } }),
          onSettled: () => setBusyId(null),
        },
      );
    },
  };
  const columns = usePlatformGoodsColumns(actions);

  const submitKeyword = (event: FormEvent) => {
    event.preventDefault();
    set({ keyword: keywordDraft.trim() });
  };
  const tabs = [
    { value: '', label: t('status.all'), count: counts.data?.all },
    ...GOODS_STATUSES.map((value) => ({ value, label: t(`status.${value}`), count: counts.data?.[value] })),
  ];
  const hasFilters = Boolean(filters.status || filters.merchant_id || filters.category_id || filters.keyword);

  let body: React.ReactNode;
  if (list.isPending) body = <TableSkeleton columns={7} label={t('list.loading')} />;
  else if (list.isError) body = <ListError title={t('list.loadError')} onRetry={() => list.refetch()} />;
  else if (rows.length === 0)
    body = hasFilters ? (
      <EmptyState
        title={t('list.noMatchTitle')}
        description={t('list.noMatchHint')}
        action={
          <Button variant="secondary" onClick={() => { setKeywordDraft(''); set({ status: null, merchant_id: null, category_id: null, keyword: null }); }}>
            {t('list.clearFilters')}
          </Button>
        }
      />
    ) : (
      <EmptyState title={t('platform.emptyTitle')} description={t('platform.emptyHint')} />
    );
  else
    body = (
      <DataTable
        label={t('platform.tableLabel')}
        columns={columns}
        data={rows}
        getRowId={(row) => String(row.id)}
        rowTone={(row) => (row.force_down ? 'bg-red-50/40' : undefined)}
        fetching={list.isFetching && list.isPlaceholderData}
      />
    );

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('platform.title')} description={t('platform.description')} />
      <StatusTabs label={t('list.statusTabs')} tabs={tabs} current={filters.status ?? ''} onSelect={(value) => set({ status: value })} />
      <div className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3">
        <Select label={t('filters.merchant')} className="w-52" value={filters.merchant_id ? String(filters.merchant_id) : ''} onChange={(event) => set({ merchant_id: event.target.value })}>
          <option value="">{t('filters.allMerchants')}</option>
          {shops.data?.map((shop) => (
            <option key={shop.id} value={shop.id}>
              {shop.name}
            </option>
          ))}
        </Select>
        <Select label={t('filters.category')} className="w-52" value={filters.category_id ? String(filters.category_id) : ''} onChange={(event) => set({ category_id: event.target.value })}>
          <option value="">{t('filters.allCategories')}</option>
          {classes.data?.map((item) => (
            <option key={item.id} value={item.id}>
              {item.path}
            </option>
          ))}
        </Select>
        {filters.merchant_id !== undefined && (
          <ReviewSettingSwitch
            key={filters.merchant_id}
            merchantId={filters.merchant_id}
            merchantName={shops.data?.find((shop) => shop.id === filters.merchant_id)?.name ?? ''}
            canGovern={canGovern}
          />
        )}
        <form role="search" onSubmit={submitKeyword} className="flex items-end gap-2">
          <div>
            <label htmlFor="platform-goods-keyword" className="mb-1 block text-sm font-medium text-slate-700">
              {t('filters.keyword')}
            </label>
            <input
              id="platform-goods-keyword"
              type="search"
              value={keywordDraft}
              onChange={(event) => setKeywordDraft(event.target.value)}
              placeholder={t('filters.keywordPlaceholder')}
              className="block w-64 rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
            />
          </div>
          <Button type="submit" variant="secondary">
            {t('filters.search')}
          </Button>
        </form>
      </div>
      {body}
      {list.data && list.data.total > 0 && <Pagination page={list.data.page} pageSize={list.data.page_size} total={list.data.total} onPage={(page) => set({ page })} />}
      {forcing && <ForceDownDialog goods={forcing} onClose={() => setForcing(null)} />}
      {reviewing && <ReviewDialog goods={reviewing} onClose={() => setReviewing(null)} />}
    </div>
  );
}
