'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { ExportButton } from '@/components/ExportButton';
import { useGlobalState } from '@/components/GlobalStateProvider';
import { PageHeader } from '@/components/PageHeader';
import { ListTable } from '@/components/data-table/ListTable';
import { selectedRows, useListSelection } from '@/components/data-table/selection';
import { FilterBar, FilterSelect, SearchBox } from '@/components/filters/FilterBar';
import { MerchantFilter } from '@/components/filters/MerchantFilter';
import { FilterPills } from '@/components/filters/FilterPills';
import { useListUrlState } from '@/components/filters/useListUrlState';
import { Button } from '@/components/ui/Button';
import { lazyDialog } from '@/components/lazyDialog';
import { useLoginUserInfo } from '@/features/auth/queries';
import { hasAction } from '@/lib/access';
import { PLATFORM_ADMIN } from '@/lib/platform';
import { bulkActionsFor, orderRowId } from '../lib/orderBulk';
import { orderExportFilters, orderExportKind } from '../lib/orderExport';
import { hasOrderFilters, orderCountQuery, orderListQuery, orderListSearch, parseOrderListState, SEARCH_FIELDS, SORTS, stageTabSearch, type SearchField } from '../lib/orderListState';
import { ORDER_KINDS, statusesFor, type OrderKind, type OrderListScope, type OrderStage, type OrderStatus } from '../lib/stages';
import { useOrderCounts, useOrderList, useSubShopChoices, type OrderRow } from '../queries';
import { OrderBulkBar } from './bulk/OrderBulkBar';
import { useOrderColumns } from './order-table/columns';
import { NoMatchingOrders, NoOrders } from './order-table/empty-states';
import { StageTabs } from './StageTabs';
import { DateField } from '@/components/ui/DateField';

const OrderSettingDialog = lazyDialog(() => import('./settings/OrderSettingDialog').then((module) => module.OrderSettingDialog), (props) => props.open);

/**
 * Every order list: one stage (the route), the shop's or the sub-shops' orders (`scope`), on
 * either side. The platform lists every merchant's orders and filters by merchant; a shop
 * filters by sub-shop; a sub-merchant sees its own sub-shop's orders only (the server scopes).
 * The store exports the list as it is filtered (`order.view`) and, with `order.manage`, selects
 * rows for the bulk actions.
 */
export function OrderListScreen({ stage, scope }: { stage: OrderStage; scope: OrderListScope }) {
  const t = useTranslations('order');
  const bulk = useTranslations('orderBulk');
  const platformType = useGlobalState((state) => state.platformType);
  const auth = useGlobalState((state) => state.auth);
  const platform = platformType === PLATFORM_ADMIN;
  const ownSubShop = useLoginUserInfo(platformType).data?.user.sub_shop ?? null;
  const { state, update, reset } = useListUrlState(parseOrderListState, orderListSearch);
  const query = orderListQuery(state, { stage, scope, platform });
  const list = useOrderList(state.kind, query);
  const canExport = !platform && hasAction(auth, 'order.view');
  const canConfigure = !platform && scope === 'main' && ownSubShop === null && hasAction(auth, 'order.manage');
  const [settingsOpen, setSettingsOpen] = useState(false);
  const bulkActions = bulkActionsFor({ platform, canManage: hasAction(auth, 'order.manage'), ownSubShop: ownSubShop !== null });
  // A selection belongs to the page and filters it was made on.
  const { selection, setSelection, clear } = useListSelection(JSON.stringify([state.kind, query]));
  const selected = selectedRows(list.data?.list, selection, orderRowId);
  const selectLabels = useMemo(() => ({ all: bulk('selectAll'), row: (row: OrderRow) => bulk('selectRow', { orderNo: row.order_no }) }), [bulk]);
  // The tabs count with the list's filters; each tab's link carries them (`stageTabSearch`).
  const counts = useOrderCounts(state.kind, orderCountQuery(state, { scope, platform }));
  const pickSubShop = !platform && ownSubShop === null;
  const subShops = useSubShopChoices(pickSubShop);
  const columns = useOrderColumns({ platform, stage });

  const statusOptions: { value: OrderStatus | undefined; label: string }[] = [
    { value: undefined, label: t('list.allStatuses') },
    ...statusesFor(stage, state.kind).map((status) => ({ value: status, label: t(`status.${status}`) })),
  ];
  const title = scope === 'sub' ? t(`subStage.${stage}`) : t(`stage.${stage}`);
  const description = ownSubShop ? t('list.ownSubShop', { name: ownSubShop.name }) : platform ? t('list.descriptionPlatform') : scope === 'sub' ? t('list.descriptionSub') : t('list.description');

  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        title={title}
        description={description}
        actions={
          (canExport || canConfigure) && (
            <span className="flex flex-wrap gap-2">
              {canConfigure && (
                <Button variant="secondary" onClick={() => setSettingsOpen(true)}>
                  {t('list.settings')}
                </Button>
              )}
              {canExport && <ExportButton kind={orderExportKind(state.kind)} filters={orderExportFilters(state, { stage, scope })} />}
            </span>
          )
        }
      />
      <StageTabs current={stage} scope={scope} search={stageTabSearch(state)} counts={counts.data} />
      <FilterBar>
        {state.todo ? (
          // A workbench to-do spans both kinds: the list holds exactly what its figure counted.
          <FilterSelect
            label={t('list.todoFilter')}
            value={state.todo}
            options={[
              { value: state.todo, label: t(`list.todos.${state.todo}`) },
              { value: '', label: t('list.todoClear') },
            ]}
            onChange={() => update({ todo: undefined })}
          />
        ) : (
          <FilterSelect
            label={t('list.kindFilter')}
            value={state.kind}
            options={ORDER_KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))}
            // A status the other kind has too stays chosen; one it cannot have starts again.
            onChange={(value) => {
              const kind = value as OrderKind;
              update({ kind, status: state.status && statusesFor(stage, kind).includes(state.status) ? state.status : undefined });
            }}
          />
        )}
        <FilterSelect
          label={t('list.searchField')}
          value={state.field}
          options={SEARCH_FIELDS.map((field) => ({ value: field, label: t(`list.searchFields.${field}`) }))}
          onChange={(field) => update({ field: field as SearchField })}
        />
        <SearchBox key={state.keyword} label={t('list.keyword')} placeholder={t(`list.searchFields.${state.field}`)} initial={state.keyword} onSearch={(keyword) => update({ keyword })} />
        <DateField className="w-full sm:w-40" label={t('list.dateFrom')} value={state.date_from} max={state.date_to || undefined} onChange={(value) => update({ date_from: value })} />
        <DateField className="w-full sm:w-40" label={t('list.dateTo')} value={state.date_to} min={state.date_from || undefined} onChange={(value) => update({ date_to: value })} />
        {pickSubShop && (
          <FilterSelect
            label={t('list.subShop')}
            value={state.sub_shop_id ? String(state.sub_shop_id) : ''}
            options={[{ value: '', label: t('list.allSubShops') }, ...(subShops.data ?? []).map((shop) => ({ value: String(shop.id), label: shop.name, userText: true }))]}
            onChange={(value) => update({ sub_shop_id: value ? Number(value) : undefined })}
          />
        )}
        {platform && (
          <MerchantFilter value={state.merchant_id} onChange={(merchant_id) => update({ merchant_id })} />
        )}
        <FilterSelect
          label={t('list.sort')}
          value={state.sort}
          options={SORTS.map((sort) => ({ value: sort, label: t(`list.sorts.${sort}`) }))}
          onChange={(sort) => update({ sort: sort as (typeof SORTS)[number] })}
        />
      </FilterBar>
      {!state.todo && <FilterPills label={t('list.statusFilter')} value={state.status} options={statusOptions} onChange={(status) => update({ status })} />}
      <OrderBulkBar orders={selected} actions={bulkActions} onClear={clear} />
      <ListTable
        texts="order.list"
        columns={columns}
        query={list}
        paging={{ state, update }}
        getRowId={orderRowId}
        {...(bulkActions.length > 0 ? { rowSelection: selection, onRowSelectionChange: setSelection, selectLabels } : {})}
        empty={hasOrderFilters(state) ? <NoMatchingOrders onClear={reset} /> : <NoOrders />}
      />
      <OrderSettingDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </div>
  );
}
