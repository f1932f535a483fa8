'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { DetailSection } from '@/components/DetailSection';
import { ReasonDialog } from '@/components/ReasonDialog';
import { Tree } from '@/components/Tree';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { Spinner } from '@/components/ui/Spinner';
import { useCreditFile, useExportCreditFile } from '../queries';

/**
 * One report file: its hash check, the tree of what was sent (names and ID numbers masked) and
 * the download of the XML itself, which holds them whole: asked with a reason (recorded in the
 * owner's reveal log), offered to those who send the reports, and saying why to anyone else.
 */
export function CreditFileTree({ id, canManage, onClose }: { id: number; canManage: boolean; onClose: () => void }) {
  const t = useTranslations('credit');
  const file = useCreditFile(id);
  const exportFile = useExportCreditFile();
  const [asking, setAsking] = useState(false);
  return (
    <DetailSection
      id="credit-file"
      title={file.data ? t('files.detail', { no: file.data.file_no }) : t('files.title')}
      actions={
        <Button variant="secondary" className="px-2 py-0.5 text-xs" onClick={onClose}>
          {t('close')}
        </Button>
      }
    >
      {file.isPending ? (
        <Spinner label={t('loading')} />
      ) : file.isError ? (
        <EmptyState tone="error" title={t('loadFailed')} action={<Button variant="secondary" onClick={() => void file.refetch()}>{t('retry')}</Button>} />
      ) : (
        <div className="flex flex-col gap-2">
          <p className="break-all font-mono text-xs text-slate-500">
            SHA-256 {file.data.sha256} · {file.data.intact ? t('files.intact') : t('files.altered')}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <Button
              variant="secondary"
              className="px-2 py-1 text-xs"
              disabled={!canManage}
              aria-describedby={canManage ? undefined : 'credit-file-download-why'}
              title={canManage ? undefined : t('files.downloadWhy')}
              onClick={() => setAsking(true)}
            >
              {t('files.download')}
            </Button>
            <span id={canManage ? undefined : 'credit-file-download-why'} className="text-xs text-slate-500">
              {canManage ? t('files.downloadNote') : t('files.downloadWhy')}
            </span>
          </div>
          <ReasonDialog
            open={asking}
            onClose={() => setAsking(false)}
            title={t('files.downloadTitle', { no: file.data.file_no })}
            description={t('files.downloadNote')}
            confirmLabel={t('files.download')}
            reasonRequired
            maxLength={200}
            onConfirm={async (reason) => {
              const answer = await exportFile.mutateAsync({ id, reason });
              setAsking(false);
              window.location.assign(answer.download_url);
            }}
          />
          <div data-credit-tree className="rounded-md border border-slate-200 p-2">
            <Tree nodes={file.data.tree} label={t('files.detail', { no: file.data.file_no })} />
          </div>
        </div>
      )}
    </DetailSection>
  );
}
