import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost, type ApiBody, type ApiData, type ApiQuery } from '@/api/client';
import { quietGet, useListRead } from '@/api/reads';
import { usePost } from '@/api/writes';
import { strictCall } from '@/lib/apiError';

export type RunPage = ApiData<'/api/platform/getReconciliationRuns', 'get'>;
export type RunRow = RunPage['list'][number];
export type RunStatusCount = RunPage['statuses'][number];
export type RunDetail = ApiData<'/api/platform/getReconciliationRun', 'get'>;
export type MismatchRow = RunDetail['mismatches'][number];
export type RunsQuery = NonNullable<ApiQuery<'/api/platform/getReconciliationRuns', 'get'>>;
export type ResolveBody = ApiBody<'/api/platform/resolveReconciliationMismatch', 'post'>;
export type RerunBody = ApiBody<'/api/platform/rerunReconciliation', 'post'>;

const P = {
  runs: '/api/platform/getReconciliationRuns',
  run: '/api/platform/getReconciliationRun',
  resolve: '/api/platform/resolveReconciliationMismatch',
  sync: '/api/platform/syncReconciliationMismatch',
  rerun: '/api/platform/rerunReconciliation',
} as const;

export const reconciliationKeys = {
  all: ['reconciliation'] as const,
  lists: () => [...reconciliationKeys.all, 'list'] as const,
  list: (query: object) => [...reconciliationKeys.lists(), query] as const,
  runs: () => [...reconciliationKeys.all, 'run'] as const,
  run: (id: number) => [...reconciliationKeys.runs(), id] as const,
};

/** Every merchant's runs (`finance.view`, admin host), newest day first, with the status counts. */
export function useReconciliationRuns(query: RunsQuery) {
  return useListRead(reconciliationKeys.list(query), P.runs, query);
}

/** One run with its differences. */
export function useReconciliationRun(id: number | null) {
  return useQuery({
    queryKey: reconciliationKeys.run(id ?? 0),
    queryFn: quietGet(P.run, { id: id ?? 0 }),
    enabled: id !== null,
  });
}

/** Every write changes a run's counts and status: the list and the runs' details refresh. */
function useRefreshRuns() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: reconciliationKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: reconciliationKeys.runs() });
  };
}

export function useResolveMismatch() {
  const refresh = useRefreshRuns();
  return usePost(P.resolve, { onSuccess: refresh });
}

/** Asks the provider again about a trade it finished that the merchant never recorded. */
export function useSyncMismatch() {
  const refresh = useRefreshRuns();
  return useMutation({
    mutationFn: (id: number) => strictCall((options) => apiPost(P.sync, { id }, options)),
    onSuccess: refresh,
  });
}

export function useRerunReconciliation() {
  const refresh = useRefreshRuns();
  return usePost(P.rerun, { onSuccess: refresh });
}
