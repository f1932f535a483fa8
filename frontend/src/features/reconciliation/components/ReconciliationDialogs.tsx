'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ReasonDialog } from '@/components/ReasonDialog';
import { formatDate } from '@/components/format';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { asApiError } from '@/lib/apiError';
import { notify } from '@/lib/notice';
import { NOTE_MAX, RECONCILIATION_NOT_SYNCABLE, RECONCILIATION_NOTHING_TO_SYNC, RESOLUTIONS, type Resolution } from '../lib/reconciliation';
import { useRerunReconciliation, useResolveMismatch, useSyncMismatch, type MismatchRow, type RunRow } from '../queries';

const CONFLICT = 409;

function useExplain() {
  const t = useTranslations('reconciliation');
  return (error: unknown) => {
    const apiError = asApiError(error);
    if (!apiError) return t('failed');
    if (apiError.code === RECONCILIATION_NOTHING_TO_SYNC) return t('sync.nothingToSync');
    if (apiError.code === RECONCILIATION_NOT_SYNCABLE) return t('sync.notSyncable');
    if (apiError.code === CONFLICT) return t('conflict');
    return apiError.message || t('failed');
  };
}

/** Marks a difference handled: how (a resolution) and what was done (a note, always). */
export function ResolveMismatchDialog({ mismatch, onClose }: { mismatch: MismatchRow | null; onClose: () => void }) {
  const t = useTranslations('reconciliation');
  const resolve = useResolveMismatch();
  if (!mismatch) return null;
  const choices = RESOLUTIONS.map((resolution) => ({ value: resolution, label: t(`resolution.${resolution}`), needsText: true }));
  return (
    <ReasonDialog
      open
      onClose={onClose}
      title={t('resolve.title')}
      description={mismatch.out_no ? t('resolve.descriptionOf', { no: mismatch.out_no }) : t('resolve.description')}
      confirmLabel={t('resolve.confirm')}
      reasonRequired
      choices={choices}
      maxLength={NOTE_MAX}
      labels={{ choice: t('resolve.choice'), choiceRequired: t('resolve.choiceRequired'), reason: t('resolve.note'), reasonOptional: t('resolve.note'), required: t('resolve.noteRequired') }}
      onConfirm={async (note, choice) => {
        // A refusal (a difference resolved meanwhile: 409) is shown inside, in the server's words.
        await resolve.mutateAsync({ id: mismatch.id, resolution: (choice ?? 'other') as Resolution, note });
        notify({ kind: 'success', message: { raw: t('resolve.done') } });
      }}
    />
  );
}

/** Asks the provider again about a trade it finished that the merchant never recorded. */
export function SyncMismatchDialog({ mismatch, onClose }: { mismatch: MismatchRow | null; onClose: () => void }) {
  const t = useTranslations('reconciliation');
  const sync = useSyncMismatch();
  const explain = useExplain();
  const [error, setError] = useState<string | null>(null);
  if (!mismatch) return null;
  return (
    <ConfirmDialog
      open
      title={t('sync.title')}
      message={t('sync.message', { no: mismatch.out_no })}
      confirmLabel={t('sync.confirm')}
      loading={sync.isPending}
      error={error}
      onClose={onClose}
      onConfirm={() => {
        setError(null);
        sync.mutate(mismatch.id, {
          onSuccess: (answer) => {
            if (answer.synced) {
              notify({ kind: 'success', message: { raw: t('sync.done', { no: mismatch.out_no }) } });
              onClose();
            } else {
              setError(t('sync.stillDiffers'));
            }
          },
          onError: (failure) => setError(explain(failure)),
        });
      }}
    />
  );
}

/** Compares one merchant's day with the provider's statement again, replacing its result. */
export function RerunDialog({ run, onClose }: { run: Pick<RunRow, 'merchant_id' | 'merchant_name' | 'day'> | null; onClose: () => void }) {
  const t = useTranslations('reconciliation');
  const rerun = useRerunReconciliation();
  const explain = useExplain();
  const [error, setError] = useState<string | null>(null);
  if (!run) return null;
  const label = { merchant: run.merchant_name, day: formatDate(run.day) };
  return (
    <ConfirmDialog
      open
      title={t('rerun.title')}
      message={t('rerun.message', label)}
      confirmLabel={t('rerun.confirm')}
      loading={rerun.isPending}
      error={error}
      onClose={onClose}
      onConfirm={() => {
        setError(null);
        rerun.mutate(
          { merchant_id: run.merchant_id, day: run.day },
          {
            onSuccess: (saved) => {
              notify({ kind: saved.status === 'failed' ? 'error' : 'success', message: { raw: saved.status === 'failed' ? t('rerun.failed', label) : t('rerun.done', label) } });
              onClose();
            },
            onError: (failure) => setError(explain(failure)),
          },
        );
      }}
    />
  );
}
