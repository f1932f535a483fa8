'use client';

import { lazyDialog } from '@/components/lazyDialog';
import type { RowSelectionState } from '@/components/data-table/types';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useMemo, useState } from 'react';
import { ExportButton } from '@/components/ExportButton';
import { ListTable } from '@/components/data-table/ListTable';
import { FilterBar, FilterSelect, SearchBox } from '@/components/filters/FilterBar';
import { FilterPills } from '@/components/filters/FilterPills';
import { useListUrlState } from '@/components/filters/useListUrlState';
import { useGlobalStore } from '@/components/GlobalStateProvider';
import { PageHeader } from '@/components/PageHeader';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { notify } from '@/lib/notice';
import { asApiError } from '../../lib/apiError';
import { goodsExportFilters, goodsListParams, goodsListSearch, parseGoodsListState } from '../../lib/listState';
import { useDeleteGoods, useGoodsClass, useGoodsList, useGoodsStatusCount, useUpdateGoodsSort, useUpdateGoodsStatus } from '../../queries';
import { GOODS_STATUSES, type GoodsRow, type GoodsStatus } from '../../types';
import { RefusalPanel, useRefusalLines, type RefusalLine } from '../refusal/Refusal';
import { prioritize } from '@/components/data-table/fit';
import { canPutOnShelf, canTakeOff, useGoodsColumns, type GoodsRowActions } from './columns';
import { NoGoods, NoMatchingGoods } from './empty-states';

// Dialogs load when first opened (see lazyDialog).
const StockDialog = lazyDialog(() => import('../stock/StockDialog').then((module) => module.StockDialog), (props) => props.goods !== null);


/** The store's goods: status tabs, filters in the URL, bulk shelf changes, sort, delete. */
export function StoreGoodsManage() {
  const t = useTranslations('goods');
  const store = useGlobalStore();
  const canEdit = store.hasAction('goods.edit');
  const canExport = store.hasAction('goods.view');
  const { state, update, reset } = useListUrlState(parseGoodsListState, goodsListSearch);
  const filters = goodsListParams({ ...state, merchant_id: undefined });
  const list = useGoodsList(filters);
  const counts = useGoodsStatusCount();
  const classes = useGoodsClass();
  const statusChange = useUpdateGoodsStatus();
  const remove = useDeleteGoods();
  const sort = useUpdateGoodsSort();
  const refusalLines = useRefusalLines();

  const [selection, setSelection] = useState<RowSelectionState>({});
  const [refusal, setRefusal] = useState<{ title: string; lines: RefusalLine[] } | null>(null);
  const [deleting, setDeleting] = useState<GoodsRow | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [stockGoods, setStockGoods] = useState<GoodsRow | null>(null);

  const rows = useMemo(() => list.data?.list ?? [], [list.data]);
  const titleOf = (id: number) => rows.find((row) => row.id === id)?.title ?? '';
  const selectedRows = rows.filter((row) => selection[String(row.id)]);

  const changeStatus = (ids: number[], next: 'on_shelf' | 'off_shelf') => {
    setRefusal(null);
    statusChange.mutate(
      { ids, status: next },
      {
        onSuccess: () => {
          setSelection({});
          notify({ kind: 'success', message: { raw: t(next === 'on_shelf' ? 'list.onShelfDone' : 'list.offShelfDone', { count: ids.length }) } });
        },
        onError: (error) => {
          const apiError = asApiError(error);
          setRefusal({
            title: t(next === 'on_shelf' ? 'refusal.onShelfTitle' : 'refusal.offShelfTitle'),
            lines: apiError ? refusalLines(apiError, titleOf) : [{ id: null, text: String(error) }],
          });
        },
        onSettled: () => setBusyId(null),
      },
    );
  };

  const actions: GoodsRowActions = {
    busyId,
    onShelf: (row, next) => {
      setBusyId(row.id);
      changeStatus([row.id], next);
    },
    onDelete: (row) => {
      setDeleteError(null);
      setDeleting(row);
    },
    onStock: canEdit ? setStockGoods : undefined,
    onSort: (row, value) =>
      sort.mutate(
        { id: row.id, sort: value },
        {
          onSuccess: () => notify({ kind: 'success', message: { raw: t('list.sortSaved') } }),
          onError: (error) => notify({ kind: 'warning', title: { key: 'notice.requestError' }, message: { raw: error.message } }),
        },
      ),
  };
  // A goods' state and stock stay in view; its sort, category and update time fold first.
  const goodsColumns = useGoodsColumns(actions);
  const columns = useMemo(() => prioritize(goodsColumns, { updated: 4, sort: 3, category: 3, status: 1 }), [goodsColumns]);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notify({ kind: 'success', message: { raw: t('list.deleted', { title: deleting.title }) } });
        setDeleting(null);
      },
      onError: (error) => setDeleteError(error.message),
    });
  };

  const hasFilters = Boolean(state.category_id || state.keyword || state.status);
  const statusOptions = [
    { value: undefined, label: t('status.all'), count: counts.data?.all },
    ...GOODS_STATUSES.map((value) => ({ value, label: t(`status.${value}`), count: counts.data?.[value] })),
  ];

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          (canExport || canEdit) && (
            <>
              {canExport && <ExportButton kind="goods" filters={goodsExportFilters(state)} />}
              {canEdit && (
                <Link href="/product" className="inline-flex items-center gap-1 rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-brand-700">
                  <span aria-hidden="true">+</span>
                  {t('list.create')}
                </Link>
              )}
            </>
          )
        }
      />
      <FilterPills<GoodsStatus>
        label={t('list.statusTabs')}
        value={state.status}
        options={statusOptions}
        onChange={(status) => {
          setSelection({});
          update({ status });
        }}
      />
      <FilterBar>
        <FilterSelect
          label={t('filters.category')}
          value={state.category_id ? String(state.category_id) : ''}
          options={[{ value: '', label: t('filters.allCategories') }, ...(classes.data ?? []).map((item) => ({ value: String(item.id), label: item.path, userText: true }))]}
          onChange={(value) => update({ category_id: value ? Number(value) : undefined })}
        />
        <SearchBox key={state.keyword} label={t('filters.keyword')} placeholder={t('filters.keywordPlaceholder')} initial={state.keyword} onSearch={(keyword) => update({ keyword })} />
      </FilterBar>
      {canEdit && selectedRows.length > 0 && (
        <div role="toolbar" aria-label={t('list.bulkLabel')} className="flex flex-wrap items-center gap-3 rounded-lg border border-brand-200 bg-brand-50 px-4 py-2 text-sm">
          <span className="font-medium text-brand-800">{t('list.selected', { count: selectedRows.length })}</span>
          <Button variant="secondary" loading={statusChange.isPending} onClick={() => changeStatus(selectedRows.map((row) => row.id), 'on_shelf')}>
            {t('list.bulkOnShelf')}
          </Button>
          <Button variant="secondary" loading={statusChange.isPending} onClick={() => changeStatus(selectedRows.map((row) => row.id), 'off_shelf')}>
            {t('list.bulkOffShelf')}
          </Button>
          <Button variant="ghost" onClick={() => setSelection({})}>
            {t('list.clearSelection')}
          </Button>
          <span className="ml-auto text-xs text-slate-500">
            {t('list.bulkHint', { on: selectedRows.filter(canPutOnShelf).length, off: selectedRows.filter(canTakeOff).length })}
          </span>
        </div>
      )}
      {refusal && <RefusalPanel title={refusal.title} lines={refusal.lines} onDismiss={() => setRefusal(null)} />}
      <ListTable
        texts="goods.list"
        columns={columns}
        query={list}
        paging={{ state: list.data, update }}
        rowSelection={selection}
        onRowSelectionChange={setSelection}
        rowTone={(row) => (row.force_down ? 'bg-red-50/40' : undefined)}
        empty={hasFilters ? <NoMatchingGoods onClear={reset} /> : <NoGoods canCreate={canEdit} />}
      />
      <StockDialog goods={stockGoods} onClose={() => setStockGoods(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('list.deleteTitle')}
        message={t('list.deleteConfirm', { title: deleting?.title ?? '' })}
        confirmLabel={t('list.delete')}
        danger
        loading={remove.isPending}
        error={deleteError}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
