'use client';

import type { RowSelectionState } from '@tanstack/react-table';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useMemo, useState, type FormEvent } from 'react';
import { useGlobalStore } from '@/components/GlobalStateProvider';
import { Button } from '@/components/ui/Button';
import { notify } from '@/lib/notice';
import { asApiError } from '../../lib/apiError';
import { useDeleteGoods, useGoodsClass, useGoodsList, useGoodsStatusCount, useUpdateGoodsSort, useUpdateGoodsStatus } from '../../queries';
import { GOODS_STATUSES, isGoodsStatus, type GoodsRow } from '../../types';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { DataTable } from '@/components/ui/Table';
import { Select } from '../common/fields';
import { ListError } from '../common/ListStates';
import { PageHeader } from '../common/PageHeader';
import { Pagination } from '../common/Pagination';
import { RefusalPanel, useRefusalLines, type RefusalLine } from '../common/Refusal';
import { StatusTabs } from '../common/StatusTabs';
import { StockDialog } from '../stock/StockDialog';
import { optionalId, positiveInt, useUrlFilters } from '../common/useUrlFilters';
import { canPutOnShelf, canTakeOff, useGoodsColumns, type GoodsRowActions } from './columns';
import { NoGoods, NoMatchingGoods } from './empty-states';
import { GoodsTableSkeleton } from './skeleton';

const PAGE_SIZE = 20;

/** The store's goods: status tabs, filters in the URL, bulk shelf changes, sort, delete. */
export function StoreGoodsManage() {
  const t = useTranslations('goods');
  const store = useGlobalStore();
  const canEdit = store.hasAction('goods.edit');
  const { get, set } = useUrlFilters();
  const status = isGoodsStatus(get('status')) ? get('status') : '';
  const filters = {
    status: isGoodsStatus(status) ? status : undefined,
    category_id: optionalId(get('category_id')),
    keyword: get('keyword') || undefined,
    page: positiveInt(get('page'), 1),
    page_size: PAGE_SIZE,
  };
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
  const [keywordDraft, setKeywordDraft] = useState(filters.keyword ?? '');

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
  const columns = useGoodsColumns(actions);

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

  const submitKeyword = (event: FormEvent) => {
    event.preventDefault();
    set({ keyword: keywordDraft.trim() });
  };

  const hasFilters = Boolean(filters.category_id || filters.keyword);
  const tabs = [
    { value: '', label: t('status.all'), count: counts.data?.all },
    ...GOODS_STATUSES.map((value) => ({ value, label: t(`status.${value}`), count: counts.data?.[value] })),
  ];

  let body: React.ReactNode;
  if (list.isPending) body = <GoodsTableSkeleton />;
  else if (list.isError) body = <ListError title={t('list.loadError')} onRetry={() => list.refetch()} />;
  else if (rows.length === 0) body = hasFilters || filters.status ? <NoMatchingGoods onClear={() => { setKeywordDraft(''); set({ category_id: null, keyword: null, status: null }); }} /> : <NoGoods canCreate={canEdit} />;
  else
    body = (
      <DataTable
        label={t('list.tableLabel')}
        columns={columns}
        data={rows}
        getRowId={(row) => String(row.id)}
        rowSelection={selection}
        onRowSelectionChange={setSelection}
        rowTone={(row) => (row.force_down ? 'bg-red-50/40' : undefined)}
        fetching={list.isFetching && list.isPlaceholderData}
      />
    );

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          canEdit && (
            <Link href="/product" className="inline-flex items-center gap-1 rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-brand-700">
              <span aria-hidden="true">＋</span>
              {t('list.create')}
            </Link>
          )
        }
      />
      <StatusTabs
        label={t('list.statusTabs')}
        tabs={tabs}
        current={status}
        onSelect={(value) => {
          setSelection({});
          set({ status: value });
        }}
      />
      <div className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3">
        <Select
          label={t('filters.category')}
          className="w-56"
          value={filters.category_id ? String(filters.category_id) : ''}
          onChange={(event) => set({ category_id: event.target.value })}
        >
          <option value="">{t('filters.allCategories')}</option>
          {classes.data?.map((item) => (
            <option key={item.id} value={item.id}>
              {item.path}
            </option>
          ))}
        </Select>
        <form role="search" onSubmit={submitKeyword} className="flex items-end gap-2">
          <div>
            <label htmlFor="goods-keyword" className="mb-1 block text-sm font-medium text-slate-700">
              {t('filters.keyword')}
            </label>
            <input
              id="goods-keyword"
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
      {canEdit && selectedRows.length > 0 && (
        <div role="toolbar" aria-label={t('list.bulkLabel')} className="flex items-center gap-3 rounded-lg border border-brand-200 bg-brand-50 px-4 py-2 text-sm">
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
      {body}
      {list.data && list.data.total > 0 && (
        <Pagination page={list.data.page} pageSize={list.data.page_size} total={list.data.total} onPage={(page) => set({ page })} />
      )}
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
