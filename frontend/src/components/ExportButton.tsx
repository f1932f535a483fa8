'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useState } from 'react';
import { asApiError } from '@/lib/apiError';
import { exportFiltersOf } from './export/exportJob';
import type { ExportRefusal } from './export/ExportDialog';
import { useCreateExport } from './export/queries';
import { lazyDialog } from './lazyDialog';
import { Button } from './ui/Button';

// The progress dialog (and Headless UI) loads on the first press.
const ExportDialog = lazyDialog(() => import('./export/ExportDialog').then((module) => module.ExportDialog), (props) => props.open);

export interface ExportButtonProps {
  /** The exporter (exportCreate `kind`): `lease_orders`, `purchase_orders`, `goods` … */
  kind: string;
  /** The list's own filters as its list call takes them (no page, page size or merchant). */
  filters: Record<string, unknown>;
  label?: string;
}

/**
 * Exports what a list shows to Excel: queues the export with the list's filters, follows it in a
 * small dialog and offers the file. While an export is unfinished the button reopens it rather
 * than queueing another (an account has at most three unfinished).
 */
export function ExportButton({ kind, filters, label }: ExportButtonProps) {
  const t = useTranslations('export');
  const create = useCreateExport();
  const [job, setJob] = useState<{ id: number; finished: boolean } | null>(null);
  const [refusal, setRefusal] = useState<ExportRefusal | null>(null);
  const [open, setOpen] = useState(false);
  const following = job !== null && !job.finished;

  const start = () => {
    if (following) {
      setOpen(true);
      return;
    }
    create.mutate(
      { kind, filters: exportFiltersOf(filters) },
      {
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
      },
    );
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
        {following ? t('following') : (label ?? t('button'))}
      </Button>
      <ExportDialog open={open} jobId={job?.id ?? null} refusal={refusal} onFinished={finish} onClose={close} />
    </>
  );
}
