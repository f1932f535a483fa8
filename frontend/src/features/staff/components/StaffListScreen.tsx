'use client';

import { lazyDialog } from '@/components/lazyDialog';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { PageHeader } from '@/components/PageHeader';
import { ReasonDialog } from '@/components/ReasonDialog';
import { FilterBar, FilterSelect, SearchBox } from '@/components/filters/FilterBar';
import { useListUrlState } from '@/components/filters/useListUrlState';
import { ListTable } from '@/components/data-table/ListTable';
import { useGlobalState } from '@/components/GlobalStateProvider';
import { useLoginUserInfo } from '@/features/auth/queries';
import { toggledStatus } from '@/features/subshops/lib/subShopListState';
import { PLATFORM_ADMIN } from '@/lib/platform';
import { ACCOUNT_STATUSES, filterRoles, type AccountStatus, type FilterRole, type StaffSide } from '../lib/staffRoles';
import { staffListParams, staffListParser, staffListSearch } from '../lib/staffListState';
import { useStaffList, useUpdateStaff, type StaffRow } from '../queries';
import { useStaffColumns } from './staff-table/columns';
import { NoMatchingStaff, NoStaff } from './staff-table/empty-states';

// Dialogs load when first opened (see lazyDialog).
const ResetPasswordDialog = lazyDialog(() => import('@/components/ResetPasswordDialog').then((module) => module.ResetPasswordDialog), (props) => props.open);
const CreateStaffDialog = lazyDialog(() => import('./StaffFormDialog').then((module) => module.CreateStaffDialog), (props) => props.open);
const EditStaffDialog = lazyDialog(() => import('./StaffFormDialog').then((module) => module.EditStaffDialog), (props) => props.staff !== null);

/** /staff on both sides: the store's staff (merchant host) or the platform's (admin host). */
export function StaffListScreen() {
  const platformType = useGlobalState((state) => state.platformType);
  const side: StaffSide = platformType === PLATFORM_ADMIN ? 'platform' : 'store';
  const t = useTranslations('staff');
  const { state, update, reset } = useListUrlState(staffListParser(side), staffListSearch);
  const list = useStaffList(side, staffListParams(state));
  const updateStaff = useUpdateStaff(side);
  const selfId = useLoginUserInfo(platformType).data?.user.id;
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<StaffRow | null>(null);
  const [toggling, setToggling] = useState<StaffRow | null>(null);
  const [resetting, setResetting] = useState<StaffRow | null>(null);
  const actions = useMemo(() => ({ onEdit: setEditing, onToggle: setToggling, onReset: setResetting }), []);
  const columns = useStaffColumns(actions, selfId);
  const filtered = state.keyword !== '' || state.role !== undefined || state.status !== undefined;
  const toggle = toggling ? toggledStatus(toggling.status) : null;

  return (
    <div className="flex flex-col gap-5">
      <PageHeader title={t('list.title')} description={t(side === 'platform' ? 'list.descriptionPlatform' : 'list.description')} actions={<Button onClick={() => setCreating(true)}>{t('list.create')}</Button>} />
      <FilterBar>
        <SearchBox key={state.keyword} label={t('list.keyword')} placeholder={t('list.keywordPlaceholder')} initial={state.keyword} onSearch={(keyword) => update({ keyword })} />
        <FilterSelect
          label={t('fields.roles')}
          value={state.role ?? ''}
          options={[{ value: '', label: t('list.allRoles') }, ...filterRoles(side).map((role) => ({ value: role, label: t(`roles.${role}`) }))]}
          onChange={(value) => update({ role: (value || undefined) as FilterRole | undefined })}
        />
        <FilterSelect
          label={t('fields.status')}
          value={state.status ?? ''}
          options={[{ value: '', label: t('status.all') }, ...ACCOUNT_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))]}
          onChange={(value) => update({ status: (value || undefined) as AccountStatus | undefined })}
        />
      </FilterBar>
      <ListTable
        texts="staff.list"
        columns={columns}
        query={list}
        paging={{ state, update }}
        empty={filtered ? <NoMatchingStaff onClear={reset} /> : <NoStaff side={side} onCreate={() => setCreating(true)} />}
      />
      <CreateStaffDialog side={side} open={creating} onClose={() => setCreating(false)} />
      <EditStaffDialog side={side} staff={editing} onClose={() => setEditing(null)} />
      {toggling && toggle && (
        <ReasonDialog
          open
          onClose={() => setToggling(null)}
          title={t(toggle.to === 'disabled' ? 'toggle.disableTitle' : 'toggle.enableTitle', { name: toggling.username })}
          description={toggle.to === 'disabled' ? t('toggle.disableHint') : undefined}
          confirmLabel={toggle.to === 'disabled' ? t('disable') : t('enable')}
          reasonRequired={toggle.needsReason}
          danger={toggle.to === 'disabled'}
          onConfirm={(reason) => updateStaff.mutateAsync({ id: toggling.id, status: toggle.to, reason })}
        />
      )}
      <ResetPasswordDialog
        open={resetting !== null}
        accountName={resetting?.username ?? ''}
        onClose={() => setResetting(null)}
        onConfirm={(password) => updateStaff.mutateAsync({ id: resetting?.id ?? 0, password, reason: '' })}
      />
    </div>
  );
}
