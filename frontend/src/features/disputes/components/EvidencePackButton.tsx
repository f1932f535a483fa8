'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useState } from 'react';
import type { ExportRefusal } from '@/components/export/ExportDialog';
import { lazyDialog } from '@/components/lazyDialog';
import { Button } from '@/components/ui/Button';
import { asApiError } from '@/lib/apiError';
import { useCreateEvidencePack } from '../queries';

// The progress dialog (the kit's export dialog) loads on the first press.
const ExportDialog = lazyDialog(() => import('@/components/export/ExportDialog').then((module) => module.ExportDialog), (props) => props.open);

/**
 * The order screen's "evidence pack" (a role with `dispute.evidence`): queues the pack, follows
 * its progress and offers the ZIP. While a pack is being made the button reopens it.
 */
export function EvidencePackButton({ orderId }: { orderId: number }) {
  const t = useTranslations('evidencePack');
  const create = useCreateEvidencePack();
  const [job, setJob] = useState<{ id: number; finished: boolean } | null>(null);
  const [refusal, setRefusal] = useState<ExportRefusal | null>(null);
  const [open, setOpen] = useState(false);
  const following = job !== null && !job.finished;

  const start = () => {
    if (following) {
      setOpen(true);
      return;
    }
    create.mutate(orderId, {
      onSuccess: (created) => {
        setRefusal(null);
        setJob({ id: created.id, finished: false });
        setOpen(true);
      },
      onError: (error) => {
        const apiError = asApiError(error);
        setJob(null);
        setRefusal({ code: apiError?.code ?? 0, message: apiError?.message ?? '' });
        setOpen(true);
      },
    });
  };
  const finish = useCallback(() => setJob((current) => current && { ...current, finished: true }), []);
  const close = () => {
    setOpen(false);
    setRefusal(null);
    if (job?.finished) setJob(null);
  };

  return (
    <>
      <Button variant="secondary" loading={create.isPending} onClick={start} aria-haspopup="dialog">
        {following ? t('following') : t('button')}
      </Button>
      <ExportDialog
        open={open}
        jobId={job?.id ?? null}
        refusal={refusal}
        onFinished={finish}
        onClose={close}
        copy={{ title: t('title'), running: t('running'), done: (rows) => t('done', { rows }), startFailed: t('startFailed') }}
      />
    </>
  );
}
