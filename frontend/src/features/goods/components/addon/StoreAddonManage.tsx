'use client';

import { lazyDialog } from '@/components/lazyDialog';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ListTable } from '@/components/data-table/ListTable';
import { NoMatches, TableEmpty } from '@/components/data-table/TableStates';
import { FilterBar, FilterSelect, SearchBox } from '@/components/filters/FilterBar';
import { useListUrlState } from '@/components/filters/useListUrlState';
import { PageHeader } from '@/components/PageHeader';
import { Button } from '@/components/ui/Button';
import { notify } from '@/lib/notice';
import { asApiError } from '../../lib/apiError';
import { gainListParams, gainListSearch, parseGainListState } from '../../lib/listState';
import { useGainList, useGainTypes, useSetGainStatus } from '../../queries';
import type { Gain } from '../../types';
import { useGainColumns } from './columns';

// Dialogs load when first opened (see lazyDialog).
const GainDialog = lazyDialog(() => import('./GainDialog').then((module) => module.GainDialog), () => true);

/** The server's answer when the merchant enables an add-on the platform disabled. */
const PLATFORM_DISABLED_CODE = 409;

/** /addServeManage (store side): add-on services offered in goods packages. */
export function StoreAddonManage() {
  const t = useTranslations('addon');
  const { state, update, reset } = useListUrlState(parseGainListState, gainListSearch);
  const list = useGainList(gainListParams(state));
  const types = useGainTypes();
  const setStatus = useSetGainStatus();
  const [dialog, setDialog] = useState<{ gain: Gain | null } | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  const columns = useGainColumns({
    busyId,
    types: types.data,
    onEdit: (gain) => setDialog({ gain }),
    onStatus: (gain, enabled) => {
      setBusyId(gain.id);
      setStatus.mutate(
        { id: gain.id, status: enabled ? 1 : 0 },
        {
          onSuccess: () => notify({ kind: 'success', message: { raw: t(enabled ? 'enabledDone' : 'disabledDone', { name: gain.name }) } }),
          // 409: the platform disabled it meanwhile; the message names the platform's reason.
          onError: (error) =>
            asApiError(error)?.code === PLATFORM_DISABLED_CODE
              ? notify({ kind: 'warning', title: { raw: t('enableRefused', { name: gain.name }) }, message: { raw: error.message } })
              : notify({ kind: 'warning', title: { key: 'notice.requestError' }, message: { raw: error.message } }),
          onSettled: () => setBusyId(null),
        },
      );
    },
  });

  const hasFilters = Boolean(state.gain_type || state.keyword);

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('title')} description={t('description')} actions={<Button disabled={!types.data} onClick={() => setDialog({ gain: null })}>{t('create')}</Button>} />
      <FilterBar>
        <FilterSelect
          label={t('filters.type')}
          value={state.gain_type}
          options={[{ value: '', label: t('filters.allTypes') }, ...(types.data ?? []).map((type) => ({ value: type.value, label: type.label, userText: true }))]}
          onChange={(gain_type) => update({ gain_type })}
        />
        <SearchBox key={state.keyword} label={t('filters.keyword')} initial={state.keyword} onSearch={(keyword) => update({ keyword })} />
      </FilterBar>
      <ListTable
        texts="addon"
        columns={columns}
        query={list}
        paging={{ state: list.data, update }}
        rowTone={(gain) => (gain.platform_disabled ? 'bg-red-50/40' : gain.status === 1 ? undefined : 'text-slate-400')}
        empty={
          hasFilters ? (
            <NoMatches title={t('noMatchTitle')} onClear={reset} />
          ) : (
            <TableEmpty title={t('emptyTitle')} description={t('emptyHint')} action={types.data && <Button onClick={() => setDialog({ gain: null })}>{t('create')}</Button>} />
          )
        }
      />
      {dialog && types.data && <GainDialog gain={dialog.gain} types={types.data} onClose={() => setDialog(null)} />}
    </div>
  );
}
