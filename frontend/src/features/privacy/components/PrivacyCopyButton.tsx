'use client';

import { useTranslations } from 'next-intl';
import { ExportJobButton } from '@/components/export/ExportJobButton';
import { useCreatePrivacyCopy } from '../queries';

/** An access request's copy: queues it, follows its progress in the kit's export dialog and offers the ZIP. */
export function PrivacyCopyButton({ requestId }: { requestId: number }) {
  const t = useTranslations('privacyRequests.copy');
  const create = useCreatePrivacyCopy();
  return (
    <ExportJobButton
      queue={(handlers) => create.mutate(requestId, { onSuccess: (created) => handlers.onSuccess({ id: created.job_id }), onError: handlers.onError })}
      queueing={create.isPending}
      label={t('button')}
      followingLabel={t('following')}
      copy={{ title: t('title'), running: t('running'), done: (rows) => t('done', { rows }), startFailed: t('startFailed') }}
    />
  );
}
