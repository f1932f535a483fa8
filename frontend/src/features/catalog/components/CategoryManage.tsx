'use client';

import { USER_TEXT } from '@/components/ui/UserText';
import { lazyDialog } from '@/components/lazyDialog';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Switch } from '@/components/ui/fields';
import { STICKY_END } from '@/components/data-table/fit';
import { TableSkeleton } from '@/components/data-table/TableSkeleton';
import { TableError } from '@/components/data-table/TableStates';
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
  const remove = useDeleteCategory();
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const [dialog, setDialog] = useState<CategoryDialogState | null>(null);
  const [deleting, setDeleting] = useState<CategoryNode | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const rows = useMemo(() => flattenTree(tree.data ?? [], collapsed), [tree.data, collapsed]);

  const toggleCollapse = (id: number) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

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

  let body: React.ReactNode;
  if (tree.isPending) body = <TableSkeleton headers={[t('columns.name'), t('columns.level'), t('columns.status'), t('columns.sort'), t('columns.actions')]} label={t('tableLabel')} />;
  else if (tree.isError) body = <TableError title={t('loadError')} onRetry={() => tree.refetch()} />;
  else if (rows.length === 0) body = <EmptyState title={t('emptyTitle')} description={t('emptyHint')} action={<Button onClick={() => setDialog({ mode: 'create', parent: null })}>{t('createTop')}</Button>} />;
  else
    body = (
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table aria-label={t('tableLabel')} className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50 text-xs font-semibold text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-2.5 text-left">{t('columns.name')}</th>
              <th scope="col" className="px-4 py-2.5 text-left">{t('columns.level')}</th>
              <th scope="col" className="px-4 py-2.5 text-left">{t('columns.status')}</th>
              <th scope="col" className="px-4 py-2.5 text-left">{t('columns.sort')}</th>
              <th scope="col" className={`px-4 py-2.5 text-left ${STICKY_END} bg-slate-50`}>{t('columns.actions')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map(({ node, depth, hasChildren }) => (
              <tr key={node.id} className={`hover:bg-slate-50 ${node.status === 1 ? '' : 'text-slate-400'}`}>
                <th scope="row" className="px-4 py-2 text-left font-normal">
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
                </th>
                <td className="px-4 py-2 text-slate-600">{t('levelN', { level: node.level })}</td>
                <td className="px-4 py-2">
                  <div className="flex items-center gap-2">
                    <Switch
                      checked={node.status === 1}
                      disabled={changeStatus.isPending}
                      label={t('enabledOf', { name: node.name })}
                      onChange={(next) =>
                        changeStatus.mutate(
                          { id: node.id, status: next ? 1 : 0 },
                          {
                            onSuccess: () => notify({ kind: 'success', message: { raw: t(next ? 'enabledDone' : 'disabledDone', { name: node.name }) } }),
                            onError: (error) => notify({ kind: 'warning', title: { key: 'notice.requestError' }, message: { raw: error.message } }),
                          },
                        )
                      }
                    />
                    <span className="text-xs">{node.status === 1 ? t('enabled') : t('disabled')}</span>
                  </div>
                </td>
                <td className="px-4 py-2">
                  <SortCell key={node.sort} node={node} />
                </td>
                <td className={`px-4 py-2 ${STICKY_END} bg-white`}>
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
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('title')} description={t('description')} actions={<Button onClick={() => setDialog({ mode: 'create', parent: null })}>{t('createTop')}</Button>} />
      {body}
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
