'use client';

import { lazyDialog } from '@/components/lazyDialog';
import type { ColumnDef } from '@/components/data-table/types';
import { useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { HistoryList } from '@/components/history/HistoryList';
import { BackLink, PageHeader } from '@/components/PageHeader';
import { DetailError, DetailLoading, DetailSection, Fact, Facts, parseId } from '@/components/DetailSection';
import { ReasonDialog } from '@/components/ReasonDialog';
import { StatusBadge } from '@/components/StatusBadge';
import { formatDateTime } from '@/components/format';
import { USER_TEXT, UserText } from '@/components/ui/UserText';
import { DataTable } from '@/components/data-table/DataTable';
import { toggledStatus } from '../lib/subShopListState';
import { useSubShopAccess } from '../lib/useSubShopAccess';
import { useSubShopDetail, useUpdateSubShop, useUpdateSubShopAccount, type SubShopAccount, type SubShopDetail } from '../queries';
import { SubShopStatusBadge } from './subshop-table/columns';

// Dialogs load when first opened (see lazyDialog).
const ResetPasswordDialog = lazyDialog(() => import('@/components/ResetPasswordDialog').then((module) => module.ResetPasswordDialog), (props) => props.open);
const AccountFormDialog = lazyDialog(() => import('./AccountFormDialog').then((module) => module.AccountFormDialog), (props) => props.open);
const SubShopFormDialog = lazyDialog(() => import('./SubShopFormDialog').then((module) => module.SubShopFormDialog), (props) => props.open);

function AccountStatusBadge({ status }: { status: string }) {
  const t = useTranslations('subshop.accounts');
  return <StatusBadge tone={status === 'active' ? 'green' : 'slate'}>{status === 'active' ? t('active') : t('disabled')}</StatusBadge>;
}

function useAccountColumns(actions: { onToggle: (account: SubShopAccount) => void; onReset: (account: SubShopAccount) => void } | null) {
  const t = useTranslations('subshop.accounts');
  return useMemo<ColumnDef<SubShopAccount, unknown>[]>(
    () => [
      { id: 'username', header: t('username'), cell: ({ row }) => <span className="font-mono" {...USER_TEXT}>{row.original.username}</span> },
      { id: 'name', header: t('name'), cell: ({ row }) => <UserText>{row.original.name}</UserText> },
      { id: 'phone', header: t('phone'), cell: ({ row }) => row.original.phone || '—' },
      { id: 'status', header: t('status'), cell: ({ row }) => <AccountStatusBadge status={row.original.status} /> },
      { id: 'last_login', header: t('lastLogin'), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(row.original.last_login_at)}</span> },
      ...(actions
        ? [
            {
              id: 'actions',
              header: t('actions'),
              cell: ({ row }: { row: { original: SubShopAccount } }) => (
                <div className="flex gap-3 whitespace-nowrap">
                  <Button variant="link" onClick={() => actions.onReset(row.original)} aria-label={t('resetNamed', { name: row.original.username })}>
                    {t('reset')}
                  </Button>
                  <Button
                    variant="link"
                    className={row.original.status === 'active' ? 'text-red-600 hover:text-red-700' : ''}
                    onClick={() => actions.onToggle(row.original)}
                    aria-label={t(row.original.status === 'active' ? 'disableNamed' : 'enableNamed', { name: row.original.username })}
                  >
                    {row.original.status === 'active' ? t('disable') : t('enable')}
                  </Button>
                </div>
              ),
            } satisfies ColumnDef<SubShopAccount, unknown>,
          ]
        : []),
    ],
    [t, actions],
  );
}

function Accounts({ detail, canManage }: { detail: SubShopDetail; canManage: boolean }) {
  const t = useTranslations('subshop');
  const [creating, setCreating] = useState(false);
  const [toggling, setToggling] = useState<SubShopAccount | null>(null);
  const [resetting, setResetting] = useState<SubShopAccount | null>(null);
  const updateAccount = useUpdateSubShopAccount(detail.sub_shop.id);
  const actions = useMemo(() => (canManage ? { onToggle: setToggling, onReset: setResetting } : null), [canManage]);
  const columns = useAccountColumns(actions);
  const shopActive = detail.sub_shop.status === 'active';
  const toggle = toggling ? toggledStatus(toggling.status) : null;
  return (
    <DetailSection
      id="sub-shop-accounts"
      title={t('accounts.title')}
      actions={
        canManage && (
          <Button variant="secondary" className="py-1" disabled={!shopActive} title={shopActive ? undefined : t('accounts.shopDisabled')} onClick={() => setCreating(true)}>
            {t('accounts.create')}
          </Button>
        )
      }
    >
      <DataTable
        label={t('accounts.title')}
        columns={columns}
        rows={detail.accounts}
        isPending={false}
        isError={false}
        onRetry={() => undefined}
        errorTitle=""
        getRowId={(row) => String(row.id)}
        empty={<EmptyState title={t('accounts.empty')} description={canManage ? t('accounts.emptyHint') : undefined} />}
      />
      <AccountFormDialog open={creating} subShopId={detail.sub_shop.id} onClose={() => setCreating(false)} />
      {toggling && toggle && (
        <ReasonDialog
          open
          onClose={() => setToggling(null)}
          title={t(toggle.to === 'disabled' ? 'accounts.disableTitle' : 'accounts.enableTitle', { name: toggling.username })}
          description={toggle.to === 'disabled' ? t('accounts.disableHint') : undefined}
          confirmLabel={toggle.to === 'disabled' ? t('disable') : t('enable')}
          reasonRequired={toggle.needsReason}
          danger={toggle.to === 'disabled'}
          onConfirm={(reason) => updateAccount.mutateAsync({ id: toggling.id, status: toggle.to, reason })}
        />
      )}
      <ResetPasswordDialog
        open={resetting !== null}
        accountName={resetting?.username ?? ''}
        onClose={() => setResetting(null)}
        onConfirm={(password) => updateAccount.mutateAsync({ id: resetting?.id ?? 0, password, reason: '' })}
      />
    </DetailSection>
  );
}

function Detail({ detail }: { detail: SubShopDetail }) {
  const t = useTranslations('subshop');
  const { canManage, ownSubShop } = useSubShopAccess();
  const updateSubShop = useUpdateSubShop();
  const [editing, setEditing] = useState(false);
  const [toggling, setToggling] = useState(false);
  const shop = detail.sub_shop;
  const toggle = toggledStatus(shop.status);
  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        back={!ownSubShop && <BackLink href="/subMerchant">{t('detail.back')}</BackLink>}
        title={<UserText>{shop.name}</UserText>}
        description={<SubShopStatusBadge status={shop.status} />}
        actions={
          canManage && (
            <>
              <Button variant="secondary" onClick={() => setEditing(true)}>
                {t('edit')}
              </Button>
              <Button variant={toggle.to === 'disabled' ? 'danger' : 'primary'} onClick={() => setToggling(true)}>
                {toggle.to === 'disabled' ? t('disable') : t('enable')}
              </Button>
            </>
          )
        }
      />
      {ownSubShop && <p className="rounded-md border border-sky-200 bg-sky-50 px-4 py-2 text-sm text-sky-900">{t('detail.readOnly')}</p>}
      <DetailSection id="sub-shop-profile" title={t('detail.profile')}>
        <Facts>
          <Fact label={t('fields.name')} userText>{shop.name}</Fact>
          <Fact label={t('fields.contactName')} userText>{shop.contact_name}</Fact>
          <Fact label={t('fields.phone')}>{shop.phone}</Fact>
          <Fact label={t('fields.address')} userText>{shop.address}</Fact>
          <Fact label={t('fields.createdAt')}>{formatDateTime(shop.created_at)}</Fact>
          <Fact label={t('fields.updatedAt')}>{formatDateTime(shop.updated_at)}</Fact>
        </Facts>
      </DetailSection>
      <Accounts detail={detail} canManage={canManage} />
      <DetailSection id="sub-shop-audit" title={t('detail.audit')}>
        <HistoryList entries={detail.audit} label={t('detail.audit')} />
      </DetailSection>
      <SubShopFormDialog open={editing} subShop={shop} onClose={() => setEditing(false)} />
      {toggling && (
        <ReasonDialog
          open
          onClose={() => setToggling(false)}
          title={t(toggle.to === 'disabled' ? 'toggle.disableTitle' : 'toggle.enableTitle', { name: shop.name })}
          description={t(toggle.to === 'disabled' ? 'toggle.disableHint' : 'toggle.enableHint')}
          confirmLabel={toggle.to === 'disabled' ? t('disable') : t('enable')}
          reasonRequired={toggle.needsReason}
          danger={toggle.to === 'disabled'}
          onConfirm={(reason) => updateSubShop.mutateAsync({ id: shop.id, status: toggle.to, reason })}
        />
      )}
    </div>
  );
}

export function SubShopDetailScreen() {
  const t = useTranslations('subshop');
  const id = parseId(useSearchParams().get('id'));
  const detail = useSubShopDetail(id);
  if (id === null) return <EmptyState title={t('detail.missingId')} />;
  if (detail.isPending) return <DetailLoading />;
  if (detail.isError) return <DetailError title={t('detail.loadError')} error={detail.error} back={{ href: '/subMerchant', label: t('detail.back') }} onRetry={() => void detail.refetch()} />;
  return <Detail detail={detail.data} />;
}
