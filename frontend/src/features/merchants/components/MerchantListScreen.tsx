'use client';

import { lazyDialog } from '@/components/lazyDialog';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { merchantListParams, merchantListSearch, parseMerchantListState, type MerchantListState } from '../lib/merchantListState';
import { MERCHANT_STATUSES, type MerchantStatus } from '../lib/status';
import { useMerchantList } from '../queries';
import { PageHeader } from '@/components/PageHeader';
import { FilterBar, FilterSelect, SearchBox } from '@/components/filters/FilterBar';
import { FilterPills } from '@/components/filters/FilterPills';
import { useListUrlState } from '@/components/filters/useListUrlState';
import { useMerchantColumns } from './merchant-table/columns';
import { NoMatchingMerchants, NoMerchants } from './merchant-table/empty-states';
import { ListTable } from '@/components/data-table/ListTable';

// Dialogs load when first opened (see lazyDialog).
const OnboardMerchantDialog = lazyDialog(() => import('./OnboardMerchantDialog').then((module) => module.OnboardMerchantDialog), (props) => props.open);

const SORTS = {
  'created_at:desc': 'created_at_desc',
  'created_at:asc': 'created_at_asc',
  'name:asc': 'name_asc',
  'name:desc': 'name_desc',
} as const;

function hasFilters(state: MerchantListState): boolean {
  return state.keyword !== '' || state.status !== undefined;
}

export function MerchantListScreen() {
  const t = useTranslations('merchant');
  const { state, update, reset } = useListUrlState(parseMerchantListState, merchantListSearch);
  const list = useMerchantList(merchantListParams(state));
  const columns = useMerchantColumns();
  const [onboarding, setOnboarding] = useState(false);

  const sortValue = `${state.sort_by}:${state.sort_order}`;
  const statusOptions: { value: MerchantStatus | undefined; label: string }[] = [
    { value: undefined, label: t('status.all') },
    ...MERCHANT_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
  ];

  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={<Button onClick={() => setOnboarding(true)}>{t('list.onboard')}</Button>}
      />
      <FilterBar>
        <SearchBox key={state.keyword} label={t('list.keyword')} placeholder={t('list.keywordPlaceholder')} initial={state.keyword} onSearch={(keyword) => update({ keyword })} />
        <FilterSelect
          label={t('list.sort')}
          value={sortValue}
          options={Object.entries(SORTS).map(([value, key]) => ({ value, label: t(`list.sorts.${key}`) }))}
          onChange={(value) => {
            const [sort_by, sort_order] = value.split(':') as [MerchantListState['sort_by'], MerchantListState['sort_order']];
            update({ sort_by, sort_order });
          }}
        />
      </FilterBar>
      <FilterPills label={t('list.statusFilter')} value={state.status} options={statusOptions} onChange={(status) => update({ status })} />
      <ListTable
        texts="merchant.list"
        columns={columns}
        query={list}
        paging={{ state, update }}
        empty={hasFilters(state) ? <NoMatchingMerchants onClear={reset} /> : <NoMerchants onOnboard={() => setOnboarding(true)} />}
      />
      <OnboardMerchantDialog open={onboarding} onClose={() => setOnboarding(false)} />
    </div>
  );
}
