/**
 * The shape of every read a screen makes through React Query: the call's data, or a throw that
 * the screen shows as its error state (the request's own notice stays quiet, the screen says it).
 */
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { orThrow } from '@/lib/query';
import { apiGet, type ApiData, type ApiQuery, type GetPath } from './client';

/** A query function for one GET call with these parameters. */
export function quietGet<P extends GetPath>(path: P, params?: ApiQuery<P, 'get'>): () => Promise<ApiData<P, 'get'>> {
  return () => orThrow(path, apiGet(path, params, { hideNotice: true }));
}

/**
 * A list read by its filters and page: while the next page or filter loads, the rows shown stay
 * (the list dims them) instead of a blank table.
 */
export function useListRead<P extends GetPath>(queryKey: QueryKey, path: P, params: ApiQuery<P, 'get'>, enabled = true) {
  return useQuery({ queryKey, queryFn: quietGet(path, params), placeholderData: keepPreviousData, enabled });
}
