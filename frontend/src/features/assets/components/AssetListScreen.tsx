'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useMemo, useState } from 'react';
import { ListTable } from '@/components/data-table/ListTable';
import { selectedRows, useListSelection } from '@/components/data-table/selection';
import { ExportButton } from '@/components/ExportButton';
import { FilterBar, FilterSelect, SearchBox } from '@/components/filters/FilterBar';
import { FilterPills } from '@/components/filters/FilterPills';
import { useListUrlState } from '@/components/filters/useListUrlState';
import { useGlobalState } from '@/components/GlobalStateProvider';
import { lazyDialog } from '@/components/lazyDialog';
import { PageHeader } from '@/components/PageHeader';
import { Button } from '@/components/ui/Button';
import { NoMatches } from '@/components/data-table/TableStates';
import { EmptyState } from '@/components/ui/EmptyState';
import { UserText } from '@/components/ui/UserText';
import { useSubShopAccess } from '@/features/subshops/lib/useSubShopAccess';
import { hasAction } from '@/lib/access';
import { GRADES, hasUnitFilters, parseUnitListState, statusTabs, UNIT_STATUSES, unitFilters, unitListQuery, unitListSearch, WAREHOUSE } from '../lib/units';
import { usePlaceOptions, useSuppliers, useUnits } from '../queries';
import type { Unit } from '../types';
import { LabelPrintBar } from './LabelPrintBar';
import { useGradeName } from './UnitBadges';
import { useUnitColumns } from './unitColumns';

const TemplateEditorDialog = lazyDialog(() => import('./TemplateEditorDialog').then((module) => module.TemplateEditorDialog), () => true);

const unitRowId = (row: Unit) => String(row.id);

/**
 * /assets: every device of the shop (a sub-shop's account: its own), status tabs with counts
 * equal to their lists, filters in the URL, search by serial/IMEI/MEID, labels for the selected
 * devices, the filtered list to Excel.
 */
export function AssetListScreen() {
  const t = useTranslations('assets');
  const auth = useGlobalState((state) => state.auth);
  const { ownSubShop } = useSubShopAccess();
  const gradeName = useGradeName();
  const { state, update, reset } = useListUrlState(parseUnitListState, unitListSearch);
  const query = unitListQuery(state);
  const list = useUnits(query);
  const places = usePlaceOptions(ownSubShop === null);
  const suppliers = useSuppliers('', hasAction(auth, 'asset.view'));
  const { selection, setSelection, clear } = useListSelection(JSON.stringify(query));
  const selected = selectedRows(list.data?.list, selection, unitRowId);
  const selectLabels = useMemo(() => ({ all: t('list.selectAll'), row: (row: Unit) => t('list.selectRow', { code: row.serial_number || row.imei1 || String(row.id) }) }), [t]);
  const onSku = useCallback((unit: Unit) => update({ sku_id: unit.sku_id }), [update]);
  const columns = useUnitColumns({ onSku });
  // The SKU filter names the SKU of the rows it shows (every row is of that SKU).
  const skuName = list.data?.list.find((row) => row.sku_id === state.sku_id)?.sku_name;

  const [editing, setEditing] = useState(false);
  const counts = list.data?.status_counts;
  const tabs = statusTabs(UNIT_STATUSES, counts, list.data?.status_counts_capped).map((tab) => ({ ...tab, label: tab.value ? t(`status.${tab.value}`) : t('list.all') }));

  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        title={t('list.title')}
        description={ownSubShop ? t('list.descriptionSubShop') : t('list.description')}
        actions={
          <div className="flex flex-wrap gap-2">
            {hasAction(auth, 'asset.adjust') && ownSubShop === null && (
              <Button variant="secondary" onClick={() => setEditing(true)} data-open-templates="">
                {t('second.templates.open')}
              </Button>
            )}
            <ExportButton kind="units" filters={unitFilters(state)} />
          </div>
        }
      />
      <FilterPills label={t('list.statusTabs')} value={state.status} options={tabs} onChange={(status) => update({ status })} />
      <FilterBar active={[state.keyword, state.place, state.grade, state.supplier_id, state.sku_id].filter(Boolean).length}>
        <SearchBox key={state.keyword} label={t('list.keyword')} placeholder={t('list.keywordPlaceholder')} initial={state.keyword} onSearch={(keyword) => update({ keyword })} />
        {ownSubShop === null && (
          <FilterSelect
            label={t('list.place')}
            value={state.place}
            options={[
              { value: '', label: t('list.allPlaces') },
              { value: WAREHOUSE, label: t('place.warehouse') },
              ...(places.data ?? []).map((shop) => ({ value: String(shop.id), label: shop.name, userText: true })),
            ]}
            onChange={(place) => update({ place })}
          />
        )}
        <FilterSelect
          label={t('list.grade')}
          value={state.grade ?? ''}
          options={[{ value: '', label: t('list.allGrades') }, ...GRADES.map((grade) => ({ value: grade, label: gradeName(grade) }))]}
          onChange={(grade) => update({ grade: grade ? (grade as (typeof GRADES)[number]) : undefined })}
        />
        <FilterSelect
          label={t('list.supplier')}
          value={state.supplier_id ? String(state.supplier_id) : ''}
          options={[{ value: '', label: t('list.allSuppliers') }, ...(suppliers.data?.list ?? []).map((supplier) => ({ value: String(supplier.id), label: supplier.name, userText: true }))]}
          onChange={(value) => update({ supplier_id: value ? Number(value) : undefined })}
        />
        {state.sku_id !== undefined && (
          <div className="flex flex-col gap-1 text-sm font-medium text-slate-700" data-sku-filter={state.sku_id}>
            {t('list.sku')}
            <span className="inline-flex items-center gap-2 rounded-md bg-brand-50 px-3 py-2 font-normal text-brand-800">
              {skuName ? <UserText>{skuName}</UserText> : t('list.skuId', { id: state.sku_id })}
              <button type="button" className="text-brand-600 hover:text-brand-800" aria-label={t('list.clearSku')} title={t('list.clearSku')} onClick={() => update({ sku_id: undefined })}>
                ×
              </button>
            </span>
          </div>
        )}
      </FilterBar>
      <LabelPrintBar units={selected} onClear={clear} />
      <ListTable
        texts="assets.list"
        columns={columns}
        query={list}
        paging={{ state, update }}
        getRowId={unitRowId}
        rowSelection={selection}
        onRowSelectionChange={setSelection}
        selectLabels={selectLabels}
        empty={
          hasUnitFilters(state) || state.status ? (
            <NoMatches title={t('list.noMatchTitle')} onClear={reset} />
          ) : (
            <EmptyState title={t('list.emptyTitle')} description={t('list.emptyHint')} />
          )
        }
      />
      {editing && <TemplateEditorDialog onClose={() => setEditing(false)} />}
    </div>
  );
}
