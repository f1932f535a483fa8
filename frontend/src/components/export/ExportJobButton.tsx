'use client';

import { useCallback, useState } from 'react';
import { asApiError } from '@/lib/apiError';
import { lazyDialog } from '../lazyDialog';
import { Button } from '../ui/Button';
import type { ExportDialogCopy, ExportRefusal } from './ExportDialog';

// The progress dialog (and Headless UI) loads on the first press.
const ExportDialog = lazyDialog(() => import('./ExportDialog').then((module) => module.ExportDialog), (props) => props.open);

/** How the button queues its job: the feature's create call, answering the job's id or refusing. */
export type QueueExportJob = (handlers: { onSuccess: (created: { id: number }) => void; onError: (error: unknown) => void }) => void;

/**
 * A button that queues a file job (an Excel export, an evidence pack), follows it in the export
 * dialog and offers the file; a refusal shows in the same dialog. While the job is unfinished the
 * button (`followingLabel`) reopens it rather than queueing another.
 */
export function ExportJobButton({ queue, queueing, label, followingLabel, copy }: { queue: QueueExportJob; queueing: boolean; label: string; followingLabel: string; copy?: ExportDialogCopy }) {
  const [job, setJob] = useState<{ id: number; finished: boolean } | null>(null);
  const [refusal, setRefusal] = useState<ExportRefusal | null>(null);
  const [open, setOpen] = useState(false);
  const following = job !== null && !job.finished;

  const start = () => {
    if (following) {
      setOpen(true);
      return;
    }
    queue({
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
      <Button variant="secondary" loading={queueing} onClick={start} aria-haspopup="dialog">
        {following ? followingLabel : label}
      </Button>
      <ExportDialog open={open} jobId={job?.id ?? null} refusal={refusal} onFinished={finish} onClose={close} copy={copy} />
    </>
  );
}
