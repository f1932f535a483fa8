'use client';

import { lazyDialog } from '@/components/lazyDialog';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { ListTable } from '@/components/data-table/ListTable';
import { NoMatches, TableEmpty } from '@/components/data-table/TableStates';
import { FilterBar, FilterSelect, SearchBox } from '@/components/filters/FilterBar';
import { MerchantFilter } from '@/components/filters/MerchantFilter';
import { useMerchantChoices } from '@/components/filters/merchantChoices';
import { FilterPills } from '@/components/filters/FilterPills';
import { useListUrlState } from '@/components/filters/useListUrlState';
import { useGlobalStore } from '@/components/GlobalStateProvider';
import { PageHeader } from '@/components/PageHeader';
import { notify } from '@/lib/notice';
import { goodsListParams, goodsListSearch, parseGoodsListState } from '../../lib/listState';
import { useGoodsClass, usePlatformGoodsCount, usePlatformGoodsList, useUpdateDisplayStatus } from '../../queries';
import { GOODS_STATUSES, type GoodsStatus, type PlatformGoodsRow } from '../../types';
import { prioritize } from '@/components/data-table/fit';
import { usePlatformGoodsColumns, type PlatformRowActions } from './columns';
import { ReviewSettingSwitch } from './ReviewSettingSwitch';

// Dialogs load when first opened (see lazyDialog).
const ForceDownDialog = lazyDialog(() => import('./ForceDownDialog').then((module) => module.ForceDownDialog), () => true);
const ReviewDialog = lazyDialog(() => import('./ReviewDialog').then((module) => module.ReviewDialog), () => true);


/** The platform's view of every merchant's goods: filters in the URL, review, force down, display. */
export function PlatformGoodsManage() {
  const t = useTranslations('goods');
  const store = useGlobalStore();
  const canGovern = store.hasAction('goods.govern');
  const { state, update, reset } = useListUrlState(parseGoodsListState, goodsListSearch);
  const filters = goodsListParams(state);
  const list = usePlatformGoodsList(filters);
  const counts = usePlatformGoodsCount();
  const shops = useMerchantChoices();
  const classes = useGoodsClass();
  const display = useUpdateDisplayStatus();
  const [forcing, setForcing] = useState<PlatformGoodsRow | null>(null);
  const [reviewing, setReviewing] = useState<PlatformGoodsRow | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

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
  // A goods' state, storefront display and merchant stay in view; category and update time fold first.
  const goodsColumns = usePlatformGoodsColumns(actions);
  const columns = useMemo(() => prioritize(goodsColumns, { updated: 4, category: 3, status: 1 }), [goodsColumns]);

  const statusOptions = [
    { value: undefined, label: t('status.all'), count: counts.data?.all },
    ...GOODS_STATUSES.map((value) => ({ value, label: t(`status.${value}`), count: counts.data?.[value] })),
  ];
  const hasFilters = Boolean(state.status || state.merchant_id || state.category_id || state.keyword);

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('platform.title')} description={t('platform.description')} />
      <FilterPills<GoodsStatus> label={t('list.statusTabs')} value={state.status} options={statusOptions} onChange={(status) => update({ status })} />
      <FilterBar>
        <MerchantFilter value={state.merchant_id} onChange={(merchant_id) => update({ merchant_id })} />
        <FilterSelect
          label={t('filters.category')}
          value={state.category_id ? String(state.category_id) : ''}
          options={[{ value: '', label: t('filters.allCategories') }, ...(classes.data ?? []).map((item) => ({ value: String(item.id), label: item.path, userText: true }))]}
          onChange={(value) => update({ category_id: value ? Number(value) : undefined })}
        />
        {state.merchant_id !== undefined && (
          <ReviewSettingSwitch
            key={state.merchant_id}
            merchantId={state.merchant_id}
            merchantName={shops.data?.find((shop) => shop.id === state.merchant_id)?.name ?? ''}
            canGovern={canGovern}
          />
        )}
        <SearchBox key={state.keyword} label={t('filters.keyword')} placeholder={t('filters.keywordPlaceholder')} initial={state.keyword} onSearch={(keyword) => update({ keyword })} />
      </FilterBar>
      <ListTable
        label={t('platform.tableLabel')}
        columns={columns}
        query={list}
        paging={{ state: list.data, update }}
        errorTitle={t('list.loadError')}
        rowTone={(row) => (row.force_down ? 'bg-red-50/40' : undefined)}
        empty={hasFilters ? <NoMatches title={t('list.noMatchTitle')} description={t('list.noMatchHint')} onClear={reset} /> : <TableEmpty title={t('platform.emptyTitle')} description={t('platform.emptyHint')} />}
      />
      {forcing && <ForceDownDialog goods={forcing} onClose={() => setForcing(null)} />}
      {reviewing && <ReviewDialog goods={reviewing} onClose={() => setReviewing(null)} />}
    </div>
  );
}
