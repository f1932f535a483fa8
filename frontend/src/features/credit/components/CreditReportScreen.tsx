'use client';

import { useTranslations } from 'next-intl';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { DetailSection } from '@/components/DetailSection';
import { formatDateTime } from '@/components/format';
import { PageHeader } from '@/components/PageHeader';
import { StatusBadge } from '@/components/StatusBadge';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { Spinner } from '@/components/ui/Spinner';
import { useGlobalState } from '@/components/GlobalStateProvider';
import { hasAction } from '@/lib/access';
import { fileStatusTone, RECORD_STATES } from '../lib/credit';
import { useCreditFiles, useCreditRecords, useGenerateFile, useSubmitFile, type CreditRecord } from '../queries';
import { CorrectRecordDialog } from './CorrectRecordDialog';
import { CreditFileTree } from './CreditFileTree';
import { CreditRecordTable } from './CreditRecordTable';

/**
 * The shop's credit reporting: report records by state (filter in the URL) with their
 * corrections, and the report files with generate, submit, their state, the bureau's feedback
 * and the tree of what was sent.
 */
export function CreditReportScreen() {
  const t = useTranslations('credit');
  const auth = useGlobalState((state) => state.auth);
  const canManage = hasAction(auth, 'credit.manage');
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const state = params.get('state') ?? '';
  const setState = (next: string) => {
    const query = new URLSearchParams(params.toString());
    if (next) query.set('state', next);
    else query.delete('state');
    router.replace(`${pathname}?${query.toString()}`);
  };
  const records = useCreditRecords(state ? { state: state as (typeof RECORD_STATES)[number], page: 1, page_size: 50 } : { page: 1, page_size: 50 });
  const files = useCreditFiles(1);
  const generate = useGenerateFile();
  const submit = useSubmitFile();
  const [fileId, setFileId] = useState<number | null>(null);
  const [correcting, setCorrecting] = useState<CreditRecord | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('title')}
        actions={
          canManage && (
            <Button loading={generate.isPending} onClick={() => generate.mutate(undefined, { onSuccess: (file) => setFileId(file.id) })}>
              {t('files.generate')}
            </Button>
          )
        }
      />
      <DetailSection id="credit-files" title={t('files.title')}>
        {files.isPending ? (
          <Spinner label={t('loading')} />
        ) : files.isError ? (
          <EmptyState tone="error" title={t('loadFailed')} action={<Button variant="secondary" onClick={() => void files.refetch()}>{t('retry')}</Button>} />
        ) : files.data.list.length === 0 ? (
          <EmptyState title={t('files.empty')} />
        ) : (
          <ul className="flex flex-col gap-2">
            {files.data.list.map((file) => (
              <li key={file.id} data-credit-file={file.file_no} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-slate-200 p-3 text-sm">
                <button type="button" className="font-mono text-sky-700 hover:underline" onClick={() => setFileId(file.id)}>
                  {file.file_no}
                </button>
                <StatusBadge tone={fileStatusTone(file.status)}>{t(`fileStatus.${file.status}` as 'fileStatus.generated')}</StatusBadge>
                <span className="text-slate-600">{t('files.counts', { total: file.record_count, accepted: file.accepted_count, rejected: file.rejected_count })}</span>
                <span className="text-xs text-slate-500">{formatDateTime(file.created_at)}</span>
                {canManage && (file.status === 'generated' || file.status === 'submitted') && (
                  <Button variant="secondary" className="ml-auto px-2 py-0.5 text-xs" loading={submit.isPending && submit.variables === file.id} onClick={() => submit.mutate(file.id)}>
                    {file.status === 'generated' ? t('files.submit') : t('files.ask')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </DetailSection>
      {fileId !== null && <CreditFileTree id={fileId} canManage={canManage} onClose={() => setFileId(null)} />}
      <DetailSection id="credit-records" title={t('records.title')}>
        <div role="tablist" className="mb-3 flex flex-wrap gap-1">
          {['', ...RECORD_STATES].map((code) => (
            <button
              key={code || 'all'}
              type="button"
              role="tab"
              aria-selected={state === code}
              onClick={() => setState(code)}
              className={`rounded-full px-2.5 py-0.5 text-xs ${state === code ? 'bg-sky-600 text-white' : 'bg-slate-100 text-slate-700'}`}
            >
              {code ? t(`state.${code}` as 'state.pending') : t('records.all')}
              {code && records.data ? ` ${records.data.state_counts[code] ?? 0}` : ''}
            </button>
          ))}
        </div>
        {records.isPending ? (
          <Spinner label={t('loading')} />
        ) : records.isError ? (
          <EmptyState tone="error" title={t('loadFailed')} action={<Button variant="secondary" onClick={() => void records.refetch()}>{t('retry')}</Button>} />
        ) : records.data.list.length === 0 ? (
          <EmptyState title={t('records.empty')} />
        ) : (
          <CreditRecordTable records={records.data.list} onCorrect={canManage ? setCorrecting : undefined} linkOrders />
        )}
      </DetailSection>
      {correcting && <CorrectRecordDialog record={correcting} onClose={() => setCorrecting(null)} />}
    </div>
  );
}
