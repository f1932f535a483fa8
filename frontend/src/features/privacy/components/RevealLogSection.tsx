'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { DetailSection } from '@/components/DetailSection';
import type { ColumnDef } from '@/components/data-table/types';
import { ListTable } from '@/components/data-table/ListTable';
import { NoMatches } from '@/components/data-table/TableStates';
import { FilterBar, FilterSelect } from '@/components/filters/FilterBar';
import { formatDateTime } from '@/components/format';
import { DateField } from '@/components/ui/DateField';
import { EmptyState } from '@/components/ui/EmptyState';
import { USER_TEXT } from '@/components/ui/UserText';
import { useRevealLog, type RevealQuery, type RevealRow } from '../queries';

export const REVEAL_ACTIONS = ['order.identity_view', 'order.identity_export', 'privacy.copy_identity', 'credit.file_export'] as const;
type RevealAction = (typeof REVEAL_ACTIONS)[number];
const KEYS: Record<RevealAction, 'view' | 'pack' | 'copy' | 'creditFile'> = {
  'order.identity_view': 'view',
  'order.identity_export': 'pack',
  'privacy.copy_identity': 'copy',
  'credit.file_export': 'creditFile',
};

/** What a reveal was of: an order, a privacy request, or a credit report file. */
function targetKey(row: RevealRow): 'order' | 'request' | 'creditFile' {
  if (row.order_id) return 'order';
  return row.target_type === 'credit_file' ? 'creditFile' : 'request';
}

/**
 * The owner's reveal log (privacy.reveals) on the privacy screen: each time a whole phone or ID
 * number was shown or put in a file, who, when and why. Only opaque ids: the log never holds the
 * number. Filters stay in the section (kind, China days).
 */
export function RevealLogSection() {
  const t = useTranslations('privacyRequests.reveals');
  const [query, setQuery] = useState<RevealQuery>({ page: 1, page_size: 20 });
  const update = (patch: Partial<RevealQuery>) => setQuery((current) => ({ ...current, page: 1, ...patch }));
  const log = useRevealLog(query);
  const columns = useMemo<ColumnDef<RevealRow, unknown>[]>(
    () => [
      { id: 'when', header: t('columns.when'), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(row.original.created_at)}</span> },
      { id: 'actor', header: t('columns.actor'), cell: ({ row }) => <span {...USER_TEXT}>{row.original.actor}</span> },
      { id: 'kind', header: t('columns.kind'), cell: ({ row }) => (row.original.action in KEYS ? t(`kind.${KEYS[row.original.action as RevealAction]}`) : row.original.action_name) },
      {
        id: 'target',
        header: t('columns.target'),
        meta: { priority: 2 },
        cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{t(`target.${targetKey(row.original)}`, { id: row.original.order_id ?? row.original.target_id })}</span>,
      },
      { id: 'reason', header: t('columns.reason'), cell: ({ row }) => <span {...USER_TEXT}>{row.original.reason}</span> },
    ],
    [t],
  );
  const filtered = Boolean(query.action || query.date_from || query.date_to);
  return (
    <DetailSection id="reveal-log" title={t('title')}>
      <div className="flex flex-col gap-3 p-4 sm:p-5">
        <p className="text-sm text-slate-600">{t('description')}</p>
        <FilterBar>
          <FilterSelect
            label={t('kindFilter')}
            value={query.action ?? ''}
            options={[{ value: '', label: t('all') }, ...REVEAL_ACTIONS.map((value) => ({ value, label: t(`kind.${KEYS[value]}`) }))]}
            onChange={(action) => update({ action: (action || undefined) as RevealQuery['action'] })}
          />
          <DateField className="w-full sm:w-40" label={t('dateFrom')} value={query.date_from ?? ''} max={query.date_to || undefined} onChange={(value) => update({ date_from: value || undefined })} />
          <DateField className="w-full sm:w-40" label={t('dateTo')} value={query.date_to ?? ''} min={query.date_from || undefined} onChange={(value) => update({ date_to: value || undefined })} />
        </FilterBar>
        <ListTable
          texts="privacyRequests.reveals"
          columns={columns}
          query={log}
          paging={{ state: { page: query.page ?? 1, page_size: query.page_size ?? 20 }, update: (patch) => setQuery((current) => ({ ...current, ...patch })) }}
          empty={filtered ? <NoMatches title={t('noMatchTitle')} onClear={() => setQuery({ page: 1, page_size: 20 })} /> : <EmptyState title={t('emptyTitle')} />}
        />
      </div>
    </DetailSection>
  );
}
