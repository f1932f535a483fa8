'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { notify } from '@/lib/notice';
import { useGainList, useGainTypes, useSetGainStatus } from '../../queries';
import type { Gain } from '../../types';
import { DataTable } from '@/components/ui/Table';
import { Select } from '../common/fields';
import { ListError, TableSkeleton } from '../common/ListStates';
import { PageHeader } from '../common/PageHeader';
import { Pagination } from '../common/Pagination';
import { positiveInt, useUrlFilters } from '../common/useUrlFilters';
import { useGainColumns } from './columns';
import { GainDialog } from './GainDialog';

const PAGE_SIZE = 20;

/** /addServeManage (store side): add-on services offered in goods packages. */
export function AddonManage() {
  const t = useTranslations('addon');
  const { get, set } = useUrlFilters();
  const filters = { gain_type: get('gain_type') || undefined, keyword: get('keyword') || undefined, page: positiveInt(get('page'), 1), page_size: PAGE_SIZE };
  const list = useGainList(filters);
  const types = useGainTypes();
  const setStatus = useSetGainStatus();
  const [dialog, setDialog] = useState<{ gain: Gain | null } | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [keywordDraft, setKeywordDraft] = useState(filters.keyword ?? '');
  const rows = useMemo(() => list.data?.list ?? [], [list.data]);

  const columns = useGainColumns({
    busyId,
    onEdit: (gain) => setDialog({ gain }),
    onStatus: (gain, enabled) => {
      setBusyId(gain.id);
      setStatus.mutate(
        { id: gain.id, status: enabled ? 1 : 0 },
        {
          onSuccess: () => notify({ kind: 'success', message: { raw: t(enabled ? 'enabledDone' : 'disabledDone', { name: gain.name }) } }),
          onError: (error) => notify({ kind: 'warning', title: { key: 'notice.requestError' }, message: { raw: error.message } }),
          onSettled: () => setBusyId(null),
        },
      );
    },
  });

  const submitKeyword = (event: FormEvent) => {
    event.preventDefault();
    set({ keyword: keywordDraft.trim() });
  };
  const hasFilters = Boolean(filters.gain_type || filters.keyword);

  let body: React.ReactNode;
  if (list.isPending) body = <TableSkeleton columns={6} label={t('loading')} />;
  else if (list.isError) body = <ListError title={t('loadError')} onRetry={() => list.refetch()} />;
  else if (rows.length === 0)
    body = hasFilters ? (
      <EmptyState title={t('noMatchTitle')} action={<Button variant="secondary" onClick={() => { setKeywordDraft(''); set({ gain_type: null, keyword: null }); }}>{t('clearFilters')}</Button>} />
    ) : (
      <EmptyState title={t('emptyTitle')} description={t('emptyHint')} action={types.data && <Button onClick={() => setDialog({ gain: null })}>{t('create')}</Button>} />
    );
  else body = <DataTable label={t('tableLabel')} columns={columns} data={rows} getRowId={(gain) => String(gain.id)} rowTone={(gain) => (gain.status === 1 ? undefined : 'text-slate-400')} fetching={list.isFetching && list.isPlaceholderData} />;

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('title')} description={t('description')} actions={<Button disabled={!types.data} onClick={() => setDialog({ gain: null })}>{t('create')}</Button>} />
      <div className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3">
        <Select label={t('filters.type')} className="w-48" value={filters.gain_type ?? ''} onChange={(event) => set({ gain_type: event.target.value })}>
          <option value="">{t('filters.allTypes')}</option>
          {types.data?.map((type) => (
            <option key={type.value} value={type.value}>
              {type.label}
            </option>
          ))}
        </Select>
        <form role="search" onSubmit={submitKeyword} className="flex items-end gap-2">
          <div>
            <label htmlFor="gain-keyword" className="mb-1 block text-sm font-medium text-slate-700">
              {t('filters.keyword')}
            </label>
            <input id="gain-keyword" type="search" value={keywordDraft} onChange={(event) => setKeywordDraft(event.target.value)} className="block w-56 rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none" />
          </div>
          <Button type="submit" variant="secondary">
            {t('filters.search')}
          </Button>
        </form>
      </div>
      {body}
      {list.data && list.data.total > 0 && <Pagination page={list.data.page} pageSize={list.data.page_size} total={list.data.total} onPage={(page) => set({ page })} />}
      {dialog && types.data && <GainDialog gain={dialog.gain} types={types.data} onClose={() => setDialog(null)} />}
    </div>
  );
}
