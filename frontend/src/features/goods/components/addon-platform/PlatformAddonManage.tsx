'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { ListTable } from '@/components/data-table/ListTable';
import { NoMatches, TableEmpty } from '@/components/data-table/TableStates';
import { FilterBar, FilterSelect, SearchBox } from '@/components/filters/FilterBar';
import { MerchantFilter } from '@/components/filters/MerchantFilter';
import { FilterPills } from '@/components/filters/FilterPills';
import { useListUrlState } from '@/components/filters/useListUrlState';
import { PageHeader } from '@/components/PageHeader';
import { ReasonDialog } from '@/components/ReasonDialog';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { notify } from '@/lib/notice';
import { addonTypeLabel } from '../../lib/addon';
import { GAIN_STATUSES, parsePlatformGainListState, platformGainListParams, platformGainListSearch, type GainStatusFilter } from '../../lib/listState';
import { useAddonTypes, useGainList, useSetGainStatus } from '../../queries';
import type { Gain } from '../../types';
import { AddonTypeSection } from './AddonTypeSection';
import { usePlatformGainColumns } from './columns';

/** /addServeManage (platform side): every merchant's add-on services, and the add-on types. */
export function PlatformAddonManage() {
  const t = useTranslations('addon');
  const locale = useLocale();
  const { state, update, reset } = useListUrlState(parsePlatformGainListState, platformGainListSearch);
  const list = useGainList(platformGainListParams(state));
  const types = useAddonTypes();
  const setStatus = useSetGainStatus();
  const [disabling, setDisabling] = useState<Gain | null>(null);
  const [lifting, setLifting] = useState<Gain | null>(null);
  const [liftError, setLiftError] = useState<string | null>(null);

  const columns = usePlatformGainColumns({ types: types.data, onDisable: setDisabling, onLift: setLifting });

  const closeLift = () => {
    setLifting(null);
    setLiftError(null);
  };
  const lift = (gain: Gain) =>
    setStatus.mutate(
      { id: gain.id, status: 1 },
      {
        onSuccess: () => {
          notify({ kind: 'success', message: { raw: t('platform.liftedDone', { name: gain.name }) } });
          closeLift();
        },
        onError: (error) => setLiftError(error.message),
      },
    );

  const statusOptions = [
    { value: undefined, label: t('platform.all') },
    ...GAIN_STATUSES.map((value) => ({ value, label: value === 'enabled' ? t('enabled') : t('disabled') })),
  ];
  const hasFilters = Boolean(state.status || state.merchant_id || state.gain_type || state.keyword);

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('title')} description={t('platform.description')} />
      <FilterPills<GainStatusFilter> label={t('platform.statusTabs')} value={state.status} options={statusOptions} onChange={(status) => update({ status })} />
      <FilterBar>
        <MerchantFilter value={state.merchant_id} onChange={(merchant_id) => update({ merchant_id })} />
        <FilterSelect
          label={t('filters.type')}
          value={state.gain_type}
          options={[{ value: '', label: t('filters.allTypes') }, ...(types.data ?? []).map((type) => ({ value: type.code, label: addonTypeLabel(type, locale), userText: true }))]}
          onChange={(gain_type) => update({ gain_type })}
        />
        <SearchBox key={state.keyword} label={t('filters.keyword')} initial={state.keyword} onSearch={(keyword) => update({ keyword })} />
      </FilterBar>
      <ListTable
        label={t('platform.tableLabel')}
        columns={columns}
        query={list}
        paging={{ state: list.data, update }}
        errorTitle={t('loadError')}
        rowTone={(gain) => (gain.platform_disabled ? 'bg-red-50/40' : undefined)}
        empty={hasFilters ? <NoMatches title={t('noMatchTitle')} onClear={reset} /> : <TableEmpty title={t('platform.emptyTitle')} description={t('platform.emptyHint')} />}
      />
      <AddonTypeSection types={types} />
      <ReasonDialog
        open={disabling !== null}
        onClose={() => setDisabling(null)}
        title={t('platform.disableTitle', { name: disabling?.name ?? '' })}
        description={t('platform.disableDescription', { merchant: disabling?.merchant_name ?? '' })}
        confirmLabel={t('platform.disableConfirm')}
        reasonRequired
        danger
        maxLength={300}
        hint={t('platform.reasonHint')}
        onConfirm={async (reason) => {
          if (!disabling) return;
          await setStatus.mutateAsync({ id: disabling.id, status: 0, reason });
          notify({ kind: 'success', message: { raw: t('platform.disabledDone', { name: disabling.name }) } });
        }}
      />
      <ConfirmDialog
        open={lifting !== null}
        title={t('platform.liftTitle', { name: lifting?.name ?? '' })}
        message={t('platform.liftMessage', { merchant: lifting?.merchant_name ?? '' })}
        confirmLabel={t('platform.liftConfirm')}
        loading={setStatus.isPending}
        error={liftError}
        onConfirm={() => lifting && lift(lifting)}
        onClose={closeLift}
      />
    </div>
  );
}
