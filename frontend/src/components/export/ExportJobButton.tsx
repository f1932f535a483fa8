'use client';

import { useCallback, useState } from 'react';
import { asApiError } from '@/lib/apiError';
import { lazyDialog } from '../lazyDialog';
import { ReasonDialog } from '../ReasonDialog';
import { Button } from '../ui/Button';
import type { ExportDialogCopy, ExportRefusal } from './ExportDialog';

// The progress dialog (and Headless UI) loads on the first press.
const ExportDialog = lazyDialog(() => import('./ExportDialog').then((module) => module.ExportDialog), (props) => props.open);

/** How the button queues its job: the feature's create call, answering the job's id or refusing (with the reason given, when the button asks for one). */
export type QueueExportJob = (handlers: { onSuccess: (created: { id: number }) => void; onError: (error: unknown) => void }, reason?: string) => void;

/** A file that holds personal data whole is a reveal: the button first asks why (required). */
export interface ExportReasonCopy {
  title: string;
  description: string;
  confirmLabel: string;
}

/**
 * A button that queues a file job (an Excel export, an evidence pack), follows it in the export
 * dialog and offers the file; a refusal shows in the same dialog. While the job is unfinished the
 * button (`followingLabel`) reopens it rather than queueing another. With `askReason`, a press
 * first opens the reason dialog; the job is queued with the reason, and a refusal shows there.
 */
export function ExportJobButton({ queue, queueing, label, followingLabel, copy, askReason }: { queue: QueueExportJob; queueing: boolean; label: string; followingLabel: string; copy?: ExportDialogCopy; askReason?: ExportReasonCopy }) {
  const [job, setJob] = useState<{ id: number; finished: boolean } | null>(null);
  const [refusal, setRefusal] = useState<ExportRefusal | null>(null);
  const [open, setOpen] = useState(false);
  const [asking, setAsking] = useState(false);
  const following = job !== null && !job.finished;

  const queued = (created: { id: number }) => {
    setRefusal(null);
    setJob({ id: created.id, finished: false });
    setOpen(true);
  };
  const withReason = (reason: string) =>
    new Promise<void>((resolve, reject) => {
      const onSuccess = (created: { id: number }) => {
        resolve();
        queued(created);
      };
      queue({ onSuccess, onError: reject }, reason);
    });

  const start = () => {
    if (following) {
      setOpen(true);
      return;
    }
    if (askReason) {
      setAsking(true);
      return;
    }
    queue({
      onSuccess: queued,
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
      {askReason && (
        <ReasonDialog open={asking} onClose={() => setAsking(false)} title={askReason.title} description={askReason.description} confirmLabel={askReason.confirmLabel} reasonRequired maxLength={200} onConfirm={withReason} />
      )}
      <ExportDialog open={open} jobId={job?.id ?? null} refusal={refusal} onFinished={finish} onClose={close} copy={copy} />
    </>
  );
}
