'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { ListTable } from '@/components/data-table/ListTable';
import { FilterBar, FilterSelect, SearchBox } from '@/components/filters/FilterBar';
import { FilterPills } from '@/components/filters/FilterPills';
import { useListUrlState } from '@/components/filters/useListUrlState';
import { lazyDialog } from '@/components/lazyDialog';
import { PageHeader } from '@/components/PageHeader';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { NoMatches } from '@/components/data-table/TableStates';
import { EmptyState } from '@/components/ui/EmptyState';
import { notify } from '@/components/ui/Notice';
import { asApiError } from '@/lib/apiError';
import { copyToClipboard } from '@/lib/clipboard';
import { useSubShopAccess } from '@/features/subshops/lib/useSubShopAccess';
import { parseShareLinkListState, SHARE_LINK_STATUSES, shareLinkListQuery, shareLinkListSearch } from '../lib/shareLinkState';
import { useDeleteShareLink, useShareLinkOptions, useShareLinks, type ShareLinkRow } from '../queries';
import { prioritize } from '@/components/data-table/fit';
import { useShareLinkColumns } from './columns';

// Dialogs load when first opened (see lazyDialog).
const ShareLinkFormDialog = lazyDialog(() => import('./ShareLinkFormDialog').then((module) => module.ShareLinkFormDialog), (props) => props.open);
const ShareLinkQrDialog = lazyDialog(() => import('./ShareLinkQrDialog').then((module) => module.ShareLinkQrDialog), (props) => props.linkId !== null);
const ShareLinkOrdersDialog = lazyDialog(() => import('./ShareLinkOrdersDialog').then((module) => module.ShareLinkOrdersDialog), (props) => props.link !== null);

/** /h5Promotion: the shop's share links with their visits, orders and deal value. */
export function ShareLinkScreen() {
  const t = useTranslations('promotion');
  const { ownSubShop } = useSubShopAccess();
  const { state, update, reset } = useListUrlState(parseShareLinkListState, shareLinkListSearch);
  const list = useShareLinks(shareLinkListQuery(state));
  const options = useShareLinkOptions();
  const remove = useDeleteShareLink();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ShareLinkRow | null>(null);
  const [sharing, setSharing] = useState<number | null>(null);
  const [ordersOf, setOrdersOf] = useState<ShareLinkRow | null>(null);
  const [deleting, setDeleting] = useState<ShareLinkRow | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const actions = useMemo(
    () => ({
      onShare: (row: ShareLinkRow) => setSharing(row.id),
      onCopy: (row: ShareLinkRow) => void copyToClipboard(row.url),
      onOrders: setOrdersOf,
      onEdit: setEditing,
      onDelete: (row: ShareLinkRow) => {
        setDeleteError(null);
        setDeleting(row);
      },
    }),
    [],
  );
  // A link's figures are what the list is read for: where it lands and when it was made fold first.
  const linkColumns = useShareLinkColumns(actions);
  const columns = useMemo(() => prioritize(linkColumns, { landing: 4, attribution: 3, channel: 3, created_at: 3, visits: 1, orders: 1, deals: 1 }), [linkColumns]);
  const channelOptions = [{ value: '', label: t('allChannels') }, ...(options.data?.channels.map((c) => ({ value: c.label, label: c.name })) ?? [])];
  const filtered = state.keyword !== '' || state.channel !== '';

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify({ kind: 'success', message: { raw: t('delete.done', { name: deleting.name }) } });
      setDeleting(null);
    } catch (error) {
      setDeleteError(asApiError(error)?.message || t('delete.failed'));
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        title={t('title')}
        description={ownSubShop ? t('ownSubShop', { name: ownSubShop.name }) : t('description')}
        actions={<Button onClick={() => setCreating(true)}>{t('create')}</Button>}
      />
      <FilterBar>
        <SearchBox key={state.keyword} label={t('keyword')} placeholder={t('keywordPlaceholder')} initial={state.keyword} onSearch={(keyword) => update({ keyword })} />
        <FilterSelect label={t('channelFilter')} value={state.channel} options={channelOptions} onChange={(channel) => update({ channel })} />
        <div className="pb-1.5">
          <FilterPills
            label={t('statusFilter')}
            value={state.status}
            options={SHARE_LINK_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
            onChange={(status) => update({ status: status ?? 'active' })}
          />
        </div>
      </FilterBar>
      <ListTable
        texts="promotion"
        columns={columns}
        query={list}
        paging={{ state, update }}
        empty={
          filtered ? (
            <NoMatches title={t('noMatchTitle')} onClear={reset} />
          ) : (
            <EmptyState title={t('emptyTitle')} description={t('emptyHint')} action={<Button onClick={() => setCreating(true)}>{t('create')}</Button>} />
          )
        }
      />
      <ShareLinkFormDialog open={creating} onClose={() => setCreating(false)} />
      <ShareLinkFormDialog open={editing !== null} link={editing ?? undefined} onClose={() => setEditing(null)} />
      <ShareLinkQrDialog linkId={sharing} onClose={() => setSharing(null)} />
      <ShareLinkOrdersDialog link={ordersOf} onClose={() => setOrdersOf(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? t('delete.title', { name: deleting.name }) : ''}
        message={t('delete.message')}
        confirmLabel={t('delete.confirm')}
        danger
        loading={remove.isPending}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
