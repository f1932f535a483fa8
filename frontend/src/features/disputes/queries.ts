/**
 * The evidence pack calls (docs/disputes.md). A pack is an export job of the account that asked
 * for it, so the kit's export dialog follows it (exportStatus) once evidencePackCreate answers.
 */
import { useMutation } from '@tanstack/react-query';
import { apiPost, type ApiData } from '@/api/client';
import { strictCall } from '@/lib/apiError';

export type EvidencePackCreated = ApiData<'/api/backend/evidencePackCreate', 'post'>;

const P = { create: '/api/backend/evidencePackCreate' } as const;

/** Queues the order's pack with the reason for it (required: the pack holds the identity whole); a refusal (400 on the reason, 404 outside the scope, 1810 too many unfinished, 503 no queue) reaches the caller as an ApiError. */
export function useCreateEvidencePack() {
  return useMutation({
    mutationFn: ({ orderId, reason }: { orderId: number; reason: string }) => strictCall((options) => apiPost(P.create, { order_id: orderId, reason }, options)),
  });
}
