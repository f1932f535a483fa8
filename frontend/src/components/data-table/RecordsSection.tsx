'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { DataTable, type DataTableProps } from './DataTable';
import { rowIdOf, type NamespacesWith, type RowIdProps } from './tableProps';

/** A query answering every record at once (no pages), as TanStack Query answers it. */
export interface WholeListQuery<T> {
  data: T[] | undefined;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** Catalogue namespaces with a records section's texts (`total` counts with `{count}`). */
export type RecordsSectionTexts = NamespacesWith<'label' | 'intro' | 'create' | 'tableLabel' | 'loadError' | 'emptyTitle' | 'emptyHint' | 'total'>;

/**
 * A section of every record of one kind (a shop's API keys, its webhook endpoints): the intro
 * and the create button above, the table with its loading, error and empty states (the empty one
 * offers the create too), the count under the rows; `children` (the section's dialogs) after it.
 */
export function RecordsSection<T>({
  texts,
  query,
  onCreate,
  getRowId = rowIdOf,
  children,
  ...table
}: Pick<DataTableProps<T>, 'columns' | 'rowTone'> &
  RowIdProps<T> & {
    texts: RecordsSectionTexts;
    query: WholeListQuery<T>;
    onCreate: () => void;
    children?: ReactNode;
  }) {
  const t = useTranslations();
  const rows = query.data;
  return (
    <section aria-label={t(`${texts}.label`)} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="min-w-0 flex-1 text-sm text-slate-600">{t(`${texts}.intro`)}</p>
        <Button onClick={onCreate} aria-haspopup="dialog">
          {t(`${texts}.create`)}
        </Button>
      </div>
      <DataTable
        {...table}
        label={t(`${texts}.tableLabel`)}
        getRowId={getRowId}
        rows={rows}
        isPending={query.isPending}
        isFetching={query.isFetching && !query.isPending}
        isError={query.isError}
        onRetry={() => void query.refetch()}
        errorTitle={t(`${texts}.loadError`)}
        empty={
          <EmptyState
            title={t(`${texts}.emptyTitle`)}
            description={t(`${texts}.emptyHint`)}
            action={
              <Button variant="secondary" onClick={onCreate}>
                {t(`${texts}.create`)}
              </Button>
            }
          />
        }
        footer={rows && <p className="text-sm text-slate-600">{t(`${texts}.total`, { count: rows.length })}</p>}
      />
      {children}
    </section>
  );
}
