'use client';

import { useTranslations } from 'next-intl';
import { useEffect, type MouseEvent } from 'react';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { FormError } from '../ui/FormError';
import { Spinner } from '../ui/Spinner';
import { downloadLinkFresh, exportFailureKey, exportFinished, exportProgress, type ExportJob } from './exportJob';
import { useExportStatus } from './queries';

/** exportCreate refused (nothing was queued). */
export interface ExportRefusal {
  code: number;
  message: string;
}

/** Words of a job that is not a list's export (an evidence pack), already translated. */
export interface ExportDialogCopy {
  title: string;
  running: string;
  done: (rows: number) => string;
  startFailed: string;
}

export interface ExportDialogProps {
  open: boolean;
  /** The queued export to follow; null when exportCreate refused (`refusal`). */
  jobId: number | null;
  refusal: ExportRefusal | null;
  /** The job is done or failed: the next press of the button starts a new export. */
  onFinished: () => void;
  onClose: () => void;
  /** The export's own words unless given (the job is followed the same way). */
  copy?: ExportDialogCopy;
}

/**
 * An export's progress (loaded with its first opening): queued, running with a bar, then the
 * download, or why it failed. Closing it leaves the export running on the server.
 */
export function ExportDialog({ jobId, refusal, onFinished, onClose, copy }: ExportDialogProps) {
  const t = useTranslations('export');
  const failureKey = refusal ? exportFailureKey(refusal.code) : null;
  return (
    <Dialog
      open
      onClose={onClose}
      title={copy?.title ?? t('title')}
      width={460}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('close')}
        </Button>
      }
    >
      {refusal ? <FormError title={copy?.startFailed ?? t('startFailed')} message={failureKey ? t(failureKey) : refusal.message || t('failedGeneric')} /> : jobId !== null && <ExportProgress id={jobId} onFinished={onFinished} copy={copy} />}
    </Dialog>
  );
}

function ExportProgress({ id, onFinished, copy }: { id: number; onFinished: () => void; copy?: ExportDialogCopy }) {
  const t = useTranslations('export');
  const status = useExportStatus(id);
  const job = status.data;
  const finished = exportFinished(job);
  useEffect(() => {
    if (finished) onFinished();
  }, [finished, onFinished]);

  if (!job) {
    if (status.isError) {
      return (
        <div className="flex flex-col items-start gap-3">
          <FormError title={t('statusError')} />
          <Button variant="secondary" onClick={() => void status.refetch()}>
            {t('retry')}
          </Button>
        </div>
      );
    }
    return <Spinner label={t('queued')} />;
  }
  if (job.status === 'failed') {
    const key = exportFailureKey(job.error_code);
    return <FormError title={t('failed')} message={key ? t(key) : job.error || t('failedGeneric')} />;
  }
  if (job.status === 'done') {
    // The link is signed per answer and lives a few minutes: an old one is renewed first.
    const follow = async (event: MouseEvent<HTMLAnchorElement>) => {
      if (downloadLinkFresh(status.dataUpdatedAt, job.download_expires_in, Date.now())) return;
      event.preventDefault();
      const fresh = await status.refetch();
      if (fresh.data?.download_url) window.location.assign(fresh.data.download_url);
    };
    return (
      <div className="flex flex-col gap-3 text-sm">
        <p role="status" className="text-slate-700">
          {copy ? copy.done(job.rows) : t('done', { rows: job.rows })}
        </p>
        <ProgressBar job={job} label={t('progress')} />
        <p className="text-slate-500 [overflow-wrap:anywhere]">{job.file_name}</p>
        <a
          href={job.download_url}
          download={job.file_name || true}
          onClick={(event) => void follow(event)}
          className="inline-flex items-center justify-center gap-2 self-start rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          {t('download')}
        </a>
        <p className="text-xs text-slate-500">{t('linkHint')}</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3 text-sm">
      <p role="status" className="text-slate-700">
        {job.status === 'queued' ? t('queued') : (copy?.running ?? t('running', { rows: job.rows }))}
      </p>
      <ProgressBar job={job} label={t('progress')} />
      {status.isError && <p className="text-xs text-amber-700">{t('statusRetrying')}</p>}
      <p className="text-xs text-slate-500">{t('closeHint')}</p>
    </div>
  );
}

function ProgressBar({ job, label }: { job: ExportJob; label: string }) {
  const value = exportProgress(job);
  return (
    <div className="flex items-center gap-3">
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200">
        <div className={`h-full rounded-full transition-[width] ${job.status === 'done' ? 'bg-emerald-500' : 'bg-brand-500'}`} style={{ width: `${value}%` }} />
      </div>
      <span className="w-10 text-right text-xs text-slate-600 tabular-nums">{value}%</span>
    </div>
  );
}
