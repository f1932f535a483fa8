'use client';

import { lazyDialog } from '@/components/lazyDialog';
import type { ColumnDef } from '@/components/data-table/types';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { DataTable } from '@/components/data-table/DataTable';
import { TableEmpty } from '@/components/data-table/TableStates';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Switch } from '@/components/ui/fields';
import { Truncate } from '@/components/ui/Truncate';
import { USER_TEXT } from '@/components/ui/UserText';
import { notify } from '@/lib/notice';
import { useSaveAddonType, type useAddonTypes } from '../../queries';
import type { AddonType } from '../../types';

// Dialogs load when first opened (see lazyDialog).
const AddonTypeDialog = lazyDialog(() => import('./AddonTypeDialog').then((module) => module.AddonTypeDialog), () => true);

/** The platform's add-on types: merchants choose from the enabled ones when they add a service. */
export function AddonTypeSection({ types }: { types: ReturnType<typeof useAddonTypes> }) {
  const t = useTranslations('addon.types');
  const save = useSaveAddonType();
  const [dialog, setDialog] = useState<{ type: AddonType | null } | null>(null);
  const [disabling, setDisabling] = useState<AddonType | null>(null);
  const [disableError, setDisableError] = useState<string | null>(null);
  const [busyCode, setBusyCode] = useState<string | null>(null);

  const setActive = (type: AddonType, isActive: boolean, onDone?: () => void) => {
    setBusyCode(type.code);
    save.mutate(
      { code: type.code, name: type.name, name_en: type.name_en, sort: type.sort, is_active: isActive },
      {
        onSuccess: () => {
          notify({ kind: 'success', message: { raw: t(isActive ? 'enabledDone' : 'disabledDone', { name: type.name }) } });
          onDone?.();
        },
        onError: (error) =>
          onDone ? setDisableError(error.message) : notify({ kind: 'warning', title: { key: 'notice.requestError' }, message: { raw: error.message } }),
        onSettled: () => setBusyCode(null),
      },
    );
  };
  const closeDisable = () => {
    setDisabling(null);
    setDisableError(null);
  };

  const columns: ColumnDef<AddonType, unknown>[] = [
      // An add-on type is the platform operator's record: its code, Chinese and English names are
      // typed in the type dialog (the demo seeds some the same way), so all three are user data.
      { id: 'code', header: t('columns.code'), cell: ({ row }) => <code className="text-xs whitespace-nowrap text-slate-600" {...USER_TEXT}>{row.original.code}</code> },
      { id: 'name', header: t('columns.name'), cell: ({ row }) => <Truncate text={row.original.name} className="max-w-48 font-medium text-slate-900" /> },
      { id: 'nameEn', header: t('columns.nameEn'), cell: ({ row }) => <Truncate text={row.original.name_en} className="max-w-48" /> },
      { id: 'sort', header: t('columns.sort'), cell: ({ row }) => <span className="tabular-nums">{row.original.sort}</span> },
      {
        id: 'status',
        header: t('columns.status'),
        cell: ({ row: { original: type } }) => (
          <div className="flex items-center gap-2">
            <Switch
              checked={type.is_active}
              disabled={busyCode === type.code}
              label={t('activeOf', { name: type.name })}
              onChange={(next) => (next ? setActive(type, true) : setDisabling(type))}
            />
            <span className="text-xs text-slate-500">{type.is_active ? t('enabled') : t('disabled')}</span>
          </div>
        ),
      },
      {
        id: 'actions',
        header: t('columns.actions'),
        cell: ({ row: { original: type } }) => (
          <Button variant="link" className="whitespace-nowrap" onClick={() => setDialog({ type })} aria-label={t('editOf', { name: type.name })}>
            {t('edit')}
          </Button>
        ),
      },
  ];

  return (
    <section aria-labelledby="addon-types-title" className="flex min-w-0 flex-col gap-3 border-t border-slate-200 pt-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h2 id="addon-types-title" className="text-base font-semibold text-slate-900">
            {t('title')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t('description')}</p>
        </div>
        <Button variant="secondary" disabled={!types.data} onClick={() => setDialog({ type: null })}>
          {t('create')}
        </Button>
      </div>
      <DataTable
        label={t('tableLabel')}
        columns={columns}
        rows={types.data}
        isPending={types.isPending}
        isError={types.isError}
        onRetry={() => void types.refetch()}
        errorTitle={t('loadError')}
        getRowId={(type) => type.code}
        rowTone={(type) => (type.is_active ? undefined : 'text-slate-400')}
        empty={<TableEmpty title={t('emptyTitle')} description={t('emptyHint')} action={<Button onClick={() => setDialog({ type: null })}>{t('create')}</Button>} />}
      />
      {dialog && types.data && <AddonTypeDialog type={dialog.type} existing={types.data} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        open={disabling !== null}
        title={t('disableTitle', { name: disabling?.name ?? '' })}
        message={t('disableMessage')}
        confirmLabel={t('disableConfirm')}
        danger
        loading={save.isPending}
        error={disableError}
        onConfirm={() => disabling && setActive(disabling, false, closeDisable)}
        onClose={closeDisable}
      />
    </section>
  );
}
