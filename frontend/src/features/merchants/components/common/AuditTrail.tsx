'use client';

import { useTranslations } from 'next-intl';
import { EmptyState } from '@/components/ui/EmptyState';
import { auditChanges } from '../../lib/auditDiff';
import { useDateTime } from './useDateTime';

export interface AuditItem {
  id: number;
  actor: string;
  action: string;
  before?: unknown;
  after?: unknown;
  reason: string;
  created_at: string;
}

/** Who did what and when, newest first, with the fields each change touched. */
export function AuditTrail({ entries, label }: { entries: readonly AuditItem[]; label: string }) {
  const t = useTranslations('merchant.audit');
  const formatDate = useDateTime();
  if (entries.length === 0) return <EmptyState title={t('empty')} />;
  // Action codes and field names come from the server: unknown ones show as sent.
  const loose = t as unknown as { (key: string): string; has: (key: string) => boolean };
  const actionName = (action: string) => (loose.has(`actions.${action}`) ? loose(`actions.${action}`) : action);
  const fieldName = (field: string) => (loose.has(`fields.${field}`) ? loose(`fields.${field}`) : field);
  return (
    <ol aria-label={label} className="flex flex-col">
      {entries.map((entry) => {
        const changes = auditChanges(entry.before, entry.after);
        return (
          <li key={entry.id} className="relative border-l-2 border-slate-200 pb-4 pl-4 last:pb-0">
            <span className="absolute top-1.5 -left-[5px] size-2 rounded-full bg-brand-500" aria-hidden="true" />
            <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <span className="font-medium text-slate-900">{actionName(entry.action)}</span>
              <span className="text-slate-500">{t('by', { actor: entry.actor || t('system') })}</span>
              <time dateTime={entry.created_at} className="text-xs text-slate-400">
                {formatDate(entry.created_at)}
              </time>
            </div>
            {entry.reason && <p className="mt-1 text-sm text-slate-700">{t('reason', { reason: entry.reason })}</p>}
            {changes.length > 0 && (
              <ul className="mt-1 flex flex-col gap-0.5 text-xs text-slate-600">
                {changes.slice(0, 8).map((change) => (
                  <li key={change.field || 'value'} className="break-all">
                    {change.field && <span className="text-slate-500">{fieldName(change.field)}：</span>}
                    {change.before !== null && <span className="text-slate-400 line-through">{change.before}</span>}
                    {change.before !== null && change.after !== null && <span aria-hidden="true"> → </span>}
                    {change.after !== null && <span>{change.after}</span>}
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}
