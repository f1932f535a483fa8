'use client';

import { DataTable, type DataTableProps } from './DataTable';
import { Pagination, type PaginationProps } from './Pagination';

/** A paged list query as TanStack Query answers it (`useXList(state)` with `keepPreviousData`). */
export interface PagedListQuery<T> {
  data: { list: T[]; total: number; total_capped?: boolean } | undefined;
  isPending: boolean;
  isPlaceholderData: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * A list screen's table read by its paged list query: the rows, the first load, the previous
 * page kept (dimmed) while the next loads, the error with a retry, and the kit's pager under the
 * rows at `paging` (the screen's URL state, or the page the server answers), `onPage` moving it.
 */
export function ListTable<T>({
  query,
  paging,
  onPage,
  ...table
}: Omit<DataTableProps<T>, 'rows' | 'isPending' | 'isFetching' | 'isError' | 'onRetry' | 'footer'> & {
  query: PagedListQuery<T>;
  paging: { page: number; page_size: number } | undefined;
  onPage: PaginationProps['onChange'];
}) {
  const data = query.data;
  return (
    <DataTable
      {...table}
      rows={data?.list}
      isPending={query.isPending}
      isFetching={query.isPlaceholderData}
      isError={query.isError}
      onRetry={() => void query.refetch()}
      footer={data && paging && <Pagination page={paging.page} pageSize={paging.page_size} total={data.total} capped={data.total_capped} onChange={onPage} />}
    />
  );
}
