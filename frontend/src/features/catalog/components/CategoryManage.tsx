'use client';

import { USER_TEXT } from '@/components/ui/UserText';
import { lazyDialog } from '@/components/lazyDialog';
import { useTranslations } from 'next-intl';
import { useCallback, useMemo, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Switch } from '@/components/ui/fields';
import { DataTable } from '@/components/data-table/DataTable';
import type { ColumnDef } from '@/components/data-table/types';
import { PageHeader } from '@/components/PageHeader';
import { Thumb } from '@/components/ui/Thumb';
import { asApiError, GOODS_ERRORS } from '@/features/goods/lib/apiError';
import { notify } from '@/lib/notice';
import { useCategoryTree, useChangeCategoryStatus, useDeleteCategory, useSetCategorySort } from '../queries';
import type { CategoryNode } from '../types';
import type { CategoryDialogState } from './CategoryDialog';
import { IconButton } from '@/components/ui/IconButton';

// Dialogs load when first opened (see lazyDialog).
const CategoryDialog = lazyDialog(() => import('./CategoryDialog').then((module) => module.CategoryDialog), () => true);

/** The backend refuses a fourth level (1212). */
const MAX_LEVEL = 3;

interface FlatRow {
  node: CategoryNode;
  depth: number;
  hasChildren: boolean;
}

export function flattenTree(nodes: readonly CategoryNode[], collapsed: ReadonlySet<number>, depth = 0): FlatRow[] {
  return nodes.flatMap((node) => {
    const children = (node.children ?? []) as CategoryNode[];
    const row: FlatRow = { node, depth, hasChildren: children.length > 0 };
    return collapsed.has(node.id) ? [row] : [row, ...flattenTree(children, collapsed, depth + 1)];
  });
}

function SortCell({ node }: { node: CategoryNode }) {
  const t = useTranslations('category');
  const setSort = useSetCategorySort();
  const [value, setValue] = useState(String(node.sort));
  const commit = () => {
    if (!/^\d+$/.test(value) || Number(value) > 999_999) return setValue(String(node.sort));
    if (Number(value) === node.sort) return;
    setSort.mutate(
      { id: node.id, sort: Number(value) },
      { onError: (error) => { notify({ kind: 'warning', title: { key: 'notice.requestError' }, message: { raw: error.message } }); setValue(String(node.sort)); } },
    );
  };
  return (
    <input
      aria-label={t('sortOf', { name: node.name })}
      inputMode="numeric"
      value={value}
      onChange={(event) => setValue(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => event.key === 'Enter' && event.currentTarget.blur()}
      className="w-20 rounded border border-slate-300 px-2 py-1 text-sm tabular-nums focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
    />
  );
}

/** /productCategory (platform side): the category tree with create/edit/delete/enable/sort. */
export function CategoryManage() {
  const t = useTranslations('category');
  const tree = useCategoryTree();
  const changeStatus = useChangeCategoryStatus();
  const { mutate: mutateStatus, isPending: statusPending } = changeStatus;
  const remove = useDeleteCategory();
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const [dialog, setDialog] = useState<CategoryDialogState | null>(null);
  const [deleting, setDeleting] = useState<CategoryNode | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const rows = useMemo(() => flattenTree(tree.data ?? [], collapsed), [tree.data, collapsed]);

  const toggleCollapse = useCallback(
    (id: number) =>
      setCollapsed((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notify({ kind: 'success', message: { raw: t('deleted', { name: deleting.name }) } });
        setDeleting(null);
      },
      onError: (error) => {
        const apiError = asApiError(error);
        const count = (apiError?.failure.data as { goods_count?: number } | null)?.goods_count;
        setDeleteError(
          apiError?.code === GOODS_ERRORS.categoryInUse && count !== undefined
            ? t('inUse', { msg: error.message, count })
            : error.message,
        );
      },
    });
  };

  const columns = useMemo<ColumnDef<FlatRow>[]>(
    () => [
      {
        id: 'name',
        header: t('columns.name'),
        cell: ({ row: { original: { node, depth, hasChildren } } }) => (
          <div className="flex items-center gap-2" style={{ paddingLeft: depth * 24 }}>
            {hasChildren ? (
              <IconButton
                onClick={() => toggleCollapse(node.id)}
                aria-expanded={!collapsed.has(node.id)}
                label={t(collapsed.has(node.id) ? 'expand' : 'collapse', { name: node.name })}
                className="rounded p-0.5 text-slate-500 hover:bg-slate-200"
              >
                <svg className={`size-4 transition ${collapsed.has(node.id) ? '' : 'rotate-90'}`} viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
                  <path fillRule="evenodd" d="M7.21 14.77a.75.75 0 0 1 .02-1.06L11.168 10 7.23 6.29a.75.75 0 1 1 1.04-1.08l4.5 4.25a.75.75 0 0 1 0 1.08l-4.5 4.25a.75.75 0 0 1-1.06-.02Z" clipRule="evenodd" />
                </svg>
              </IconButton>
            ) : (
              <span className="w-5" aria-hidden="true" />
            )}
            <Thumb src={node.icon} alt={t('iconOf', { name: node.name })} size={28} />
            {/* A category is the platform operator's record (typed in the category dialog; the demo's are seeded the same way): user data. */}
            <span className={`font-medium ${node.status === 1 ? 'text-slate-800' : 'text-slate-400'}`} {...USER_TEXT}>{node.name}</span>
          </div>
        ),
        meta: { priority: 1 },
      },
      { id: 'level', header: t('columns.level'), cell: ({ row }) => <span className="text-slate-600">{t('levelN', { level: row.original.node.level })}</span> },
      {
        id: 'status',
        header: t('columns.status'),
        cell: ({ row: { original: { node } } }) => (
          <div className="flex items-center gap-2">
            <Switch
              checked={node.status === 1}
              disabled={statusPending}
              label={t('enabledOf', { name: node.name })}
              onChange={(next) =>
                mutateStatus(
                  { id: node.id, status: next ? 1 : 0 },
                  {
                    onSuccess: () => notify({ kind: 'success', message: { raw: t(next ? 'enabledDone' : 'disabledDone', { name: node.name }) } }),
                    onError: (error) => notify({ kind: 'warning', title: { key: 'notice.requestError' }, message: { raw: error.message } }),
                  },
                )
              }
            />
            <span className={`text-xs ${node.status === 1 ? '' : 'text-slate-400'}`}>{node.status === 1 ? t('enabled') : t('disabled')}</span>
          </div>
        ),
      },
      { id: 'sort', header: t('columns.sort'), cell: ({ row: { original: { node } } }) => <SortCell key={node.sort} node={node} /> },
      {
        id: 'actions',
        header: t('columns.actions'),
        cell: ({ row: { original: { node } } }) => (
          <div className="flex gap-3 whitespace-nowrap">
            {node.level < MAX_LEVEL && (
              <Button variant="link" onClick={() => setDialog({ mode: 'create', parent: node })} aria-label={t('addChildOf', { name: node.name })}>
                {t('addChild')}
              </Button>
            )}
            <Button variant="link" onClick={() => setDialog({ mode: 'edit', node })} aria-label={t('editOf', { name: node.name })}>
              {t('edit')}
            </Button>
            <Button variant="link" className="text-red-600 hover:text-red-700" onClick={() => { setDeleteError(null); setDeleting(node); }} aria-label={t('deleteOf', { name: node.name })}>
              {t('delete')}
            </Button>
          </div>
        ),
      },
    ],
    // The table measures its columns again when they change: kept while nothing they show does.
    [t, collapsed, statusPending, mutateStatus, toggleCollapse],
  );

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('title')} description={t('description')} actions={<Button onClick={() => setDialog({ mode: 'create', parent: null })}>{t('createTop')}</Button>} />
      <DataTable
        label={t('tableLabel')}
        columns={columns}
        rows={tree.data ? rows : undefined}
        isPending={tree.isPending}
        isError={tree.isError}
        onRetry={() => void tree.refetch()}
        errorTitle={t('loadError')}
        empty={<EmptyState title={t('emptyTitle')} description={t('emptyHint')} action={<Button onClick={() => setDialog({ mode: 'create', parent: null })}>{t('createTop')}</Button>} />}
        getRowId={({ node }) => String(node.id)}
        rowTone={({ node }) => (node.status === 1 ? undefined : 'text-slate-400')}
      />
      {dialog && <CategoryDialog state={dialog} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        message={t('deleteConfirm', { name: deleting?.name ?? '' })}
        confirmLabel={t('delete')}
        danger
        loading={remove.isPending}
        error={deleteError}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
