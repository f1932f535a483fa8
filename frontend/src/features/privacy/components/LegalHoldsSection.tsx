'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { DetailSection } from '@/components/DetailSection';
import type { ColumnDef } from '@/components/data-table/types';
import { ListTable } from '@/components/data-table/ListTable';
import { NoMatches } from '@/components/data-table/TableStates';
import { FilterBar, FilterSelect } from '@/components/filters/FilterBar';
import { formatDate } from '@/components/format';
import { ReasonDialog } from '@/components/ReasonDialog';
import { StatusBadge } from '@/components/StatusBadge';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { USER_TEXT } from '@/components/ui/UserText';
import { useLegalHolds, useLiftLegalHold, type LegalHoldQuery, type LegalHoldRow } from '../queries';
import { CreateHoldDialog } from './HoldDialogs';

const STATUSES = ['active', 'lifted'] as const;

/**
 * Legal holds on the privacy screen: each authority's order to keep a customer's data, whether
 * it holds today, and its lift (with the authority's release as the reason). A hold is recorded
 * here (createLegalHold); while it holds, a deletion is answered with it. Without `canManage`
 * (privacy.manage) the record and lift actions are disabled and say why.
 */
export function LegalHoldsSection({ canManage = true }: { canManage?: boolean }) {
  const t = useTranslations('privacyRequests.holds');
  const [query, setQuery] = useState<LegalHoldQuery>({ page: 1, page_size: 20 });
  const [lifting, setLifting] = useState<LegalHoldRow | null>(null);
  const [creating, setCreating] = useState(false);
  const holds = useLegalHolds(query);
  const lift = useLiftLegalHold();
  const columns = useMemo<ColumnDef<LegalHoldRow, unknown>[]>(
    () => [
      { id: 'customer', header: t('columns.customer'), cell: ({ row }) => <span className="tabular-nums">{t('customer', { id: row.original.customer_id })}</span> },
      {
        id: 'authority',
        header: t('columns.authority'),
        cell: ({ row }) => (
          <span {...USER_TEXT}>
            {row.original.authority_name} {row.original.reference}
          </span>
        ),
      },
      { id: 'reason', header: t('columns.reason'), meta: { priority: 2 }, cell: ({ row }) => <span {...USER_TEXT}>{row.original.reason}</span> },
      {
        id: 'period',
        header: t('columns.period'),
        cell: ({ row }) => (
          <span className="whitespace-nowrap tabular-nums">
            {formatDate(row.original.starts_on)} – {row.original.ends_on ? formatDate(row.original.ends_on) : t('untilLifted')}
          </span>
        ),
      },
      {
        id: 'status',
        header: t('columns.status'),
        cell: ({ row }) => <StatusBadge tone={row.original.holding ? 'amber' : 'slate'}>{row.original.holding ? t('holding') : t(`status.${row.original.status === 'lifted' ? 'lifted' : 'ended'}`)}</StatusBadge>,
      },
      {
        id: 'actions',
        header: t('columns.actions'),
        cell: ({ row }) =>
          row.original.status === 'active' ? (
            <Button variant="secondary" disabled={!canManage} title={canManage ? undefined : t('needsManage')} onClick={() => setLifting(row.original)}>
              {t('lift')}
            </Button>
          ) : null,
      },
    ],
    [t, canManage],
  );
  return (
    <DetailSection
      id="legal-holds"
      title={t('title')}
      actions={
        <Button variant="secondary" disabled={!canManage} title={canManage ? undefined : t('needsManage')} onClick={() => setCreating(true)}>
          {t('create')}
        </Button>
      }
    >
      <div className="flex flex-col gap-3">
        <p className="text-sm text-slate-600">{t('description')}</p>
        {!canManage && <p className="text-sm text-amber-700">{t('needsManage')}</p>}
        <FilterBar>
          <FilterSelect
            label={t('statusFilter')}
            value={query.status ?? ''}
            options={[{ value: '', label: t('all') }, ...STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))]}
            onChange={(status) => setQuery((current) => ({ ...current, page: 1, status: (status || undefined) as LegalHoldQuery['status'] }))}
          />
        </FilterBar>
        <ListTable
          texts="privacyRequests.holds"
          columns={columns}
          query={holds}
          paging={{ state: { page: query.page ?? 1, page_size: query.page_size ?? 20 }, update: (patch) => setQuery((current) => ({ ...current, ...patch })) }}
          empty={query.status ? <NoMatches title={t('noMatchTitle')} onClear={() => setQuery({ page: 1, page_size: 20 })} /> : <EmptyState title={t('emptyTitle')} />}
        />
      </div>
      <ReasonDialog
        open={lifting !== null}
        onClose={() => setLifting(null)}
        title={t('liftTitle')}
        description={lifting ? `${lifting.authority_name} ${lifting.reference}` : undefined}
        confirmLabel={t('lift')}
        reasonRequired
        labels={{ reason: t('liftReason') }}
        onConfirm={(reason) => lift.mutateAsync({ id: lifting?.id ?? 0, reason })}
      />
      {creating && <CreateHoldDialog open onClose={() => setCreating(false)} />}
    </DetailSection>
  );
}
