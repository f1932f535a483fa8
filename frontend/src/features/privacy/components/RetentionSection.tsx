'use client';

import { useTranslations } from 'next-intl';
import { DetailQueryBody, DetailSection } from '@/components/DetailSection';
import { formatDate, formatDateTime } from '@/components/format';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { FormError } from '@/components/ui/FormError';
import { useRetention, useRetentionDryRun, type Retention, type RetentionDryRun } from '../queries';

type Counts = RetentionDryRun['counts'];
type Years = Retention['years'];
const PERIODS = ['transaction_records', 'messages', 'request_log'] as const;

function CountsTable({ counts, label }: { counts: Counts; label: string }) {
  const t = useTranslations('privacyRequests.retention');
  const shown = counts.filter((count) => count.count > 0);
  if (shown.length === 0) return <p className="text-sm text-slate-600">{t('nothing')}</p>;
  return (
    <table className="w-full text-sm" aria-label={label}>
      <tbody>
        {shown.map((count) => (
          <tr key={count.code} className="border-b border-slate-100 last:border-0">
            <td className="py-1.5 pr-4 text-slate-700">{t(`class.${count.code}` as 'class.messages')}</td>
            <td className="py-1.5 text-right tabular-nums">{count.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Periods({ years, law }: { years: Years; law: Years }) {
  const t = useTranslations('privacyRequests.retention');
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      {PERIODS.map((code) => (
        <div key={code}>
          <dt className="text-xs text-slate-500">{t(`period.${code}`)}</dt>
          <dd className="text-sm text-slate-900 tabular-nums">{t('years', { years: years[code], law: law[code] })}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The retention job on the privacy screen: the shop's periods beside the law's minimum, a dry
 * run of tonight (counts per data class and how many customers; the server rolls it back), and
 * the last nights' runs with what each did. Counts only: the job never records the data.
 */
export function RetentionSection() {
  const t = useTranslations('privacyRequests.retention');
  const retention = useRetention();
  const dryRun = useRetentionDryRun();
  return (
    <DetailSection
      id="retention"
      title={t('title')}
      actions={
        <Button variant="secondary" loading={dryRun.isPending} onClick={() => dryRun.mutate()}>
          {t('dryRun')}
        </Button>
      }
    >
      <div className="flex flex-col gap-4">
        <p className="text-sm text-slate-600">{t('description')}</p>
        {dryRun.isError && <FormError title={t('dryRunError')} />}
        {dryRun.data && (
          <div className="rounded-md border border-sky-200 bg-sky-50 p-3" data-testid="retention-dry-run">
            <p className="mb-2 text-sm font-medium text-slate-800">{t('dryRunTitle', { day: formatDate(dryRun.data.run_on), customers: dryRun.data.customers.length })}</p>
            <CountsTable counts={dryRun.data.counts} label={t('dryRunTitle', { day: formatDate(dryRun.data.run_on), customers: dryRun.data.customers.length })} />
          </div>
        )}
        <DetailQueryBody query={retention} errorTitle={t('loadError')}>
          {(data) => (
            <div className="flex flex-col gap-4">
              <Periods years={data.years} law={data.law_years} />
              {data.runs.length === 0 ? (
                <EmptyState title={t('emptyTitle')} />
              ) : (
                <ul className="flex flex-col gap-3">
                  {data.runs.map((run) => (
                    <li key={run.run_on} className="rounded-md border border-slate-200 p-3">
                      <p className="mb-1 text-sm font-medium text-slate-800">{t('run', { day: formatDate(run.run_on), at: run.finished_at ? formatDateTime(run.finished_at) : '—', runs: run.runs })}</p>
                      <CountsTable counts={run.counts} label={t('run', { day: formatDate(run.run_on), at: '', runs: run.runs })} />
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </DetailQueryBody>
      </div>
    </DetailSection>
  );
}
