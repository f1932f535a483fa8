'use client';

import { lazyDialog } from '@/components/lazyDialog';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { PageHeader } from '@/components/PageHeader';
import { ReasonDialog } from '@/components/ReasonDialog';
import { FilterBar, SearchBox } from '@/components/filters/FilterBar';
import { FilterPills } from '@/components/filters/FilterPills';
import { useListUrlState } from '@/components/filters/useListUrlState';
import { ListTable } from '@/components/data-table/ListTable';
import { parseSubShopListState, SUB_SHOP_STATUSES, subShopListParams, subShopListSearch, toggledStatus, type SubShopStatus } from '../lib/subShopListState';
import { useSubShopAccess } from '../lib/useSubShopAccess';
import { useSubShopList, useUpdateSubShop, type SubShopRow } from '../queries';
import { useSubShopColumns } from './subshop-table/columns';
import { NoMatchingSubShops, NoSubShops } from './subshop-table/empty-states';

// Dialogs load when first opened (see lazyDialog).
const SubShopFormDialog = lazyDialog(() => import('./SubShopFormDialog').then((module) => module.SubShopFormDialog), (props) => props.open);

export function SubShopListScreen() {
  const t = useTranslations('subshop');
  const { canManage, ownSubShop } = useSubShopAccess();
  const { state, update, reset } = useListUrlState(parseSubShopListState, subShopListSearch);
  const list = useSubShopList(subShopListParams(state));
  const updateSubShop = useUpdateSubShop();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<SubShopRow | null>(null);
  const [toggling, setToggling] = useState<SubShopRow | null>(null);
  const actions = useMemo(() => (canManage ? { onEdit: setEditing, onToggle: setToggling } : null), [canManage]);
  const columns = useSubShopColumns(actions);
  const statusOptions: { value: SubShopStatus | undefined; label: string }[] = [
    { value: undefined, label: t('status.all') },
    ...SUB_SHOP_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
  ];
  const filtered = state.keyword !== '' || state.status !== undefined;
  const toggle = toggling ? toggledStatus(toggling.status) : null;

  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        title={t('list.title')}
        description={ownSubShop ? t('list.ownOnly', { name: ownSubShop.name }) : t('list.description')}
        actions={canManage && <Button onClick={() => setCreating(true)}>{t('list.create')}</Button>}
      />
      <FilterBar>
        <SearchBox key={state.keyword} label={t('list.keyword')} placeholder={t('list.keywordPlaceholder')} initial={state.keyword} onSearch={(keyword) => update({ keyword })} />
        <div className="pb-1.5">
          <FilterPills label={t('list.statusFilter')} value={state.status} options={statusOptions} onChange={(status) => update({ status })} />
        </div>
      </FilterBar>
      <ListTable
        texts="subshop.list"
        columns={columns}
        query={list}
        paging={{ state, update }}
        empty={filtered ? <NoMatchingSubShops onClear={reset} /> : <NoSubShops onCreate={canManage ? () => setCreating(true) : undefined} />}
      />
      <SubShopFormDialog open={creating} onClose={() => setCreating(false)} />
      <SubShopFormDialog open={editing !== null} subShop={editing ?? undefined} onClose={() => setEditing(null)} />
      {toggling && toggle && (
        <ReasonDialog
          open
          onClose={() => setToggling(null)}
          title={t(toggle.to === 'disabled' ? 'toggle.disableTitle' : 'toggle.enableTitle', { name: toggling.name })}
          description={t(toggle.to === 'disabled' ? 'toggle.disableHint' : 'toggle.enableHint')}
          confirmLabel={toggle.to === 'disabled' ? t('disable') : t('enable')}
          reasonRequired={toggle.needsReason}
          danger={toggle.to === 'disabled'}
          onConfirm={(reason) => updateSubShop.mutateAsync({ id: toggling.id, status: toggle.to, reason })}
        />
      )}
    </div>
  );
}
