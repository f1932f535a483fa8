'use client';

import { useTranslations } from 'next-intl';
import { DetailDialog, DialogSection } from '@/components/DetailDialog';
import { Fact } from '@/components/DetailSection';
import { formatCurrency, formatDate, formatDateTime } from '@/components/format';
import { Button } from '@/components/ui/Button';
import { isMismatchKind, isOperation, isResolution } from '../lib/reconciliation';
import { useReconciliationRun, type MismatchRow, type RunDetail } from '../queries';
import { MismatchStatusBadge, RunStatusBadge } from './RunStatusBadge';

/** Differences of the books as a whole (a day's totals, the platform's mirror of the merchant): told in words, not as one trade. */
const BOOK_KINDS: ReadonlySet<string> = new Set(['totals_differ', 'books_differ']);

export interface MismatchActions {
  onResolve: (row: MismatchRow) => void;
  onSync: (row: MismatchRow) => void;
  onRerun: (run: RunDetail['run']) => void;
}

/** One run: its figures and its differences, open ones first, each with what can be done. */
export function RunDetailDialog({ id, actions, onClose }: { id: number | null; actions?: MismatchActions; onClose: () => void }) {
  const t = useTranslations('reconciliation');
  return (
    <DetailDialog
      open={id !== null}
      onClose={onClose}
      query={useReconciliationRun(id)}
      title={(data) => t('detail.title', { merchant: data.run.merchant_name, day: formatDate(data.run.day) })}
      loadingTitle={t('detail.titleLoading')}
      errorTitle={t('detail.loadError')}
      closeLabel={t('detail.close')}
      width={760}
      actions={
        actions &&
        ((data) => (
          <Button variant="secondary" onClick={() => actions.onRerun(data.run)}>
            {t('actions.rerun')}
          </Button>
        ))
      }
    >
      {(data) => <DetailBody data={data} actions={actions} />}
    </DetailDialog>
  );
}

function DetailBody({ data, actions }: { data: RunDetail; actions?: MismatchActions }) {
  const t = useTranslations('reconciliation');
  const { run } = data;
  return (
    <div className="flex flex-col gap-5">
      <DialogSection id="run-facts" title={t('detail.facts')} hideTitle>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3">
          <Fact label={t('fields.status')}>
            <RunStatusBadge status={run.status} fallback={run.status_name} />
          </Fact>
          <Fact label={t('fields.provider')}>{t('detail.countAmount', { count: run.provider_count, amount: formatCurrency(run.provider_amount) })}</Fact>
          <Fact label={t('fields.ledger')}>{t('detail.countAmount', { count: run.ledger_count, amount: formatCurrency(run.ledger_amount) })}</Fact>
          <Fact label={t('fields.matched')}>{t('detail.countAmount', { count: run.matched_count, amount: formatCurrency(run.matched_amount) })}</Fact>
          <Fact label={t('fields.differences')}>{t('detail.countAmount', { count: run.mismatch_count, amount: formatCurrency(run.mismatch_amount) })}</Fact>
          <Fact label={t('fields.finishedAt')}>{formatDateTime(run.finished_at)}</Fact>
        </dl>
        {run.status === 'failed' && (
          <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {t('detail.failed')}
          </p>
        )}
      </DialogSection>
      <DialogSection id="run-mismatches" title={t('detail.mismatches')}>
        {data.mismatches.length === 0 ? (
          <p className="text-sm text-slate-500">{run.status === 'failed' ? t('detail.noneYet') : t('detail.none')}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {data.mismatches.map((mismatch) => (
              <MismatchCard key={mismatch.id} mismatch={mismatch} actions={actions} />
            ))}
          </ul>
        )}
      </DialogSection>
    </div>
  );
}

function MismatchCard({ mismatch, actions }: { mismatch: MismatchRow; actions?: MismatchActions }) {
  const t = useTranslations('reconciliation');
  const kind = isMismatchKind(mismatch.kind) ? t(`kind.${mismatch.kind}`) : mismatch.kind_name;
  const operation = isOperation(mismatch.operation) ? t(`operation.${mismatch.operation}`) : mismatch.operation;
  const provider = mismatch.provider_amount === null ? t('mismatch.noTrade') : `${formatCurrency(mismatch.provider_amount)} · ${providerStatus(t, mismatch.provider_status)}`;
  const ledger = mismatch.ledger_amount === null ? t('mismatch.notBooked') : formatCurrency(mismatch.ledger_amount);
  const open = mismatch.status === 'open';
  return (
    <li aria-label={t('mismatch.label', { kind, no: mismatch.out_no || '—' })} className={`rounded-md border p-3 ${open ? 'border-amber-200 bg-amber-50/40' : 'border-slate-200'}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-semibold text-slate-900">{kind}</span>
          <MismatchStatusBadge status={mismatch.status} />
        </div>
        {actions && open && (
          <div className="flex items-center gap-3">
            {mismatch.can_sync && (
              <Button variant="link" onClick={() => actions.onSync(mismatch)}>
                {t('actions.sync')}
              </Button>
            )}
            <Button variant="link" onClick={() => actions.onResolve(mismatch)}>
              {t('actions.resolve')}
            </Button>
          </div>
        )}
      </div>
      <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
        {mismatch.out_no && (
          <Fact label={t('mismatch.outNo')}>
            <span className="font-mono text-xs">{mismatch.out_no}</span>
            {operation && <span className="ml-2 text-xs text-slate-500">{operation}</span>}
          </Fact>
        )}
        {mismatch.trade_no && (
          <Fact label={t('mismatch.tradeNo')}>
            <span className="font-mono text-xs">{mismatch.trade_no}</span>
          </Fact>
        )}
        {!BOOK_KINDS.has(mismatch.kind) && (
          <>
            <Fact label={t('mismatch.provider')}>{provider}</Fact>
            <Fact label={t('mismatch.ledger')}>{ledger}</Fact>
            <Fact label={t('mismatch.difference')}>
              <span className="font-medium tabular-nums">{formatCurrency(mismatch.difference)}</span>
            </Fact>
          </>
        )}
        {BOOK_KINDS.has(mismatch.kind) && <Fact label={t('mismatch.detail')}>{mismatch.detail}</Fact>}
      </dl>
      {!open && (
        <p className="mt-2 text-sm text-slate-700">
          {t('mismatch.resolvedAs', {
            resolution: isResolution(mismatch.resolution) ? t(`resolution.${mismatch.resolution}`) : mismatch.resolution_name,
            name: mismatch.resolved_by || t('mismatch.system'),
            time: formatDateTime(mismatch.resolved_at),
          })}
          {mismatch.note && <span className="mt-1 block text-slate-600">{mismatch.note}</span>}
        </p>
      )}
    </li>
  );
}

function providerStatus(t: ReturnType<typeof useTranslations<'reconciliation'>>, status: string): string {
  if (status === 'succeeded' || status === 'failed' || status === 'processing') return t(`mismatch.providerStatus.${status}`);
  return status;
}
