'use client';

import { useTranslations } from 'next-intl';
import { DataTable, type DataTableProps } from './DataTable';
import { Pagination, type PaginationProps } from './Pagination';
import { rowIdOf, type NamespacesWith, type RowIdProps } from './tableProps';

/** A paged list query as TanStack Query answers it (`useXList(state)` with `keepPreviousData`). */
export interface PagedListQuery<T> {
  data: { list: T[]; total: number; total_capped?: boolean } | undefined;
  isPending: boolean;
  isPlaceholderData: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** Catalogue namespaces that hold a list table's `tableLabel` and `loadError`. */
export type ListTableTexts = NamespacesWith<'tableLabel' | 'loadError'>;

type TextProps =
  /** The table's name and its error title: `tableLabel` and `loadError` of this namespace. */
  | { texts: ListTableTexts; label?: never; errorTitle?: never }
  | { texts?: never; label: string; errorTitle: string };

/**
 * A list screen's table read by its paged list query: the rows, the first load, the previous
 * page kept (dimmed) while the next loads, the error with a retry, and the kit's pager under the
 * rows at `paging.state` (the screen's URL state, or the page the server answered), its
 * `update` moving it.
 */
export function ListTable<T>({
  query,
  paging,
  texts,
  label,
  errorTitle,
  getRowId = rowIdOf,
  ...table
}: Omit<DataTableProps<T>, 'rows' | 'isPending' | 'isFetching' | 'isError' | 'onRetry' | 'footer' | 'label' | 'errorTitle' | 'getRowId'> &
  TextProps &
  RowIdProps<T> & {
    query: PagedListQuery<T>;
    paging: { state: { page: number; page_size: number } | undefined; update: PaginationProps['onChange'] };
  }) {
  const t = useTranslations();
  const data = query.data;
  const state = paging.state;
  return (
    <DataTable
      {...table}
      label={texts ? t(`${texts}.tableLabel`) : label}
      errorTitle={texts ? t(`${texts}.loadError`) : errorTitle}
      getRowId={getRowId}
      rows={data?.list}
      isPending={query.isPending}
      isFetching={query.isPlaceholderData}
      isError={query.isError}
      onRetry={() => void query.refetch()}
      footer={data && state && <Pagination page={state.page} pageSize={state.page_size} total={data.total} capped={data.total_capped} onChange={paging.update} />}
    />
  );
}
