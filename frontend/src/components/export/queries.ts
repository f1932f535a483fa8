/**
 * The export calls (exportCreate, exportStatus). They sit with the kit's export button rather
 * than in a feature folder: every list of either side exports through the same two calls, and
 * the kit reaches no feature.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/api/client';
import { strictCall } from '@/lib/apiError';
import { orThrow } from '@/lib/query';
import { EXPORT_POLL_MS, exportFinished } from './exportJob';

const P = { create: '/api/platform/exportCreate', status: '/api/platform/exportStatus' } as const;

export const exportKeys = {
  all: ['exports'] as const,
  status: (id: number) => [...exportKeys.all, 'status', id] as const,
};

/** Queues an export; a refusal (1810 too many unfinished, 503 no queue) reaches the caller as an ApiError. */
export function useCreateExport() {
  return useMutation({
    mutationFn: (body: { kind: string; filters: Record<string, string | number | boolean> }) => strictCall((options) => apiPost(P.create, body, options)),
  });
}

/** One export, asked again every second until it is done or failed. */
export function useExportStatus(id: number) {
  return useQuery({
    queryKey: exportKeys.status(id),
    queryFn: () => orThrow(P.status, apiGet(P.status, { id }, { hideNotice: true })),
    refetchInterval: (query) => (exportFinished(query.state.data) ? false : EXPORT_POLL_MS),
    // A done job's link is signed per answer: never serve an old answer as fresh.
    staleTime: 0,
    gcTime: 0,
    // One lost poll should not end the follow-up (hideNotice: nothing is repeated on screen).
    retry: 2,
  });
}
