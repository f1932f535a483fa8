'use client';

import { useTranslations } from 'next-intl';
import { ExportJobButton } from '@/components/export/ExportJobButton';
import { useCreateEvidencePack } from '../queries';

/**
 * The order screen's "evidence pack" (a role with `dispute.evidence`): asks why (the pack holds
 * the customer's identity whole, so it is a reveal in the owner's log), queues the pack, follows
 * its progress (in the kit's export dialog) and offers the ZIP. While a pack is being made the
 * button reopens it.
 */
export function EvidencePackButton({ orderId }: { orderId: number }) {
  const t = useTranslations('evidencePack');
  const create = useCreateEvidencePack();
  return (
    <ExportJobButton
      queue={(handlers, reason = '') => create.mutate({ orderId, reason }, handlers)}
      askReason={{ title: t('reasonTitle'), description: t('reasonIntro'), confirmLabel: t('reasonConfirm') }}
      queueing={create.isPending}
      label={t('button')}
      followingLabel={t('following')}
      copy={{ title: t('title'), running: t('running'), done: (rows) => t('done', { rows }), startFailed: t('startFailed') }}
    />
  );
}
