'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Pagination } from '../data-table/Pagination';
import { formatDateTime } from '../format';
import { EmptyState } from '../ui/EmptyState';
import { withUserValues } from '../ui/UserText';
import { actionText, changeParts, partValues, reasonText, type ChangePart, type HistoryEntry, type HistoryTranslate } from './auditText';

export type { HistoryEntry } from './auditText';

export const HISTORY_PAGE_SIZE = 10;

/** A change as its catalogue sentence, what a person typed in it marked as user data. */
function ChangeLine({ t, part }: { t: HistoryTranslate; part: ChangePart }) {
  if (part.kind === 'passwordChanged') return <>{t(part.kind)}</>;
  const values = Object.entries(partValues(part));
  const plain = Object.fromEntries(values.filter(([, value]) => !value.user).map(([key, value]) => [key, value.text]));
  const marked = Object.fromEntries(values.filter(([, value]) => value.user).map(([key, value]) => [key, value.text]));
  return withUserValues((placeholders) => t(part.kind, { field: part.field, ...plain, ...placeholders }), marked);
}

/**
 * Who did what and when, newest first, as sentences; ten entries a page so a long-lived
 * merchant's page stays short. Entries come embedded in a detail call (merchant, sub-shop).
 */
export function HistoryList({ entries, label, pageSize = HISTORY_PAGE_SIZE }: { entries: readonly HistoryEntry[]; label: string; pageSize?: number }) {
  const t = useTranslations('kit.history') as unknown as HistoryTranslate;
  const [page, setPage] = useState(1);
  if (entries.length === 0) return <EmptyState title={t('empty')} />;
  const pages = Math.max(1, Math.ceil(entries.length / pageSize));
  const current = Math.min(page, pages);
  const shown = entries.slice((current - 1) * pageSize, current * pageSize);
  return (
    <div className="flex flex-col gap-4">
      <ol aria-label={label} className="flex flex-col">
        {shown.map((entry) => {
          const parts = changeParts(t, entry.before, entry.after);
          const reason = entry.reason && reasonText(t, entry.reason);
          return (
            <li key={entry.id} className="relative min-w-0 border-l-2 border-slate-200 pb-4 pl-4 last:pb-0">
              <span className="absolute top-1.5 -left-[5px] size-2 rounded-full bg-brand-500" aria-hidden="true" />
              <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
                <span className="font-medium text-slate-900">{actionText(t, entry.action)}</span>
                <span className="text-slate-500 [overflow-wrap:anywhere]">{entry.actor ? withUserValues((placeholders) => t('by', placeholders), { actor: entry.actor }) : t('by', { actor: t('system') })}</span>
                <time dateTime={entry.created_at} className="text-xs text-slate-400">
                  {formatDateTime(entry.created_at)}
                </time>
              </div>
              {/* A reason code reads from the catalogue; a reason a person wrote is user data. */}
              {reason && (
                <p className="mt-1 text-sm text-slate-700 [overflow-wrap:anywhere]">
                  {reason === entry.reason ? withUserValues((placeholders) => t('reason', placeholders), { reason }) : t('reason', { reason })}
                </p>
              )}
              {parts.length > 0 && (
                <ul className="mt-1 flex flex-col gap-0.5 text-xs text-slate-600">
                  {parts.map((part, index) => (
                    <li key={index} className="[overflow-wrap:anywhere]">
                      <ChangeLine t={t} part={part} />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
      {entries.length > pageSize && <Pagination page={current} pageSize={pageSize} total={entries.length} sizes={null} onChange={({ page: next }) => next && setPage(next)} />}
    </div>
  );
}
