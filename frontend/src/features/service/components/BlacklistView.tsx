'use client';

import { UserText } from '@/components/ui/UserText';
import type { ColumnDef } from '@/components/data-table/types';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { ListTable } from '@/components/data-table/ListTable';
import { FilterBar, FilterSelect } from '@/components/filters/FilterBar';
import { useListUrlState } from '@/components/filters/useListUrlState';
import { formatDateTime } from '@/components/format';
import { useGlobalState } from '@/components/GlobalStateProvider';
import { lazyDialog } from '@/components/lazyDialog';
import { ReasonDialog } from '@/components/ReasonDialog';
import { StatusBadge } from '@/components/StatusBadge';
import { Button } from '@/components/ui/Button';
import { NoMatches } from '@/components/data-table/TableStates';
import { EmptyState } from '@/components/ui/EmptyState';
import { hasAction } from '@/lib/access';
import { BLACKLIST_STATUSES, blacklistListParser, blacklistListSearch, type BlacklistStatus } from '../lib/service';
import { useBlacklist, useBlacklistEntries, type BlacklistRow } from '../queries';

const AddPersonDialog = lazyDialog(() => import('./AddPersonDialog').then((module) => module.AddPersonDialog), (props) => props.open);

function useColumns(canList: boolean, onLift: (row: BlacklistRow) => void): ColumnDef<BlacklistRow, unknown>[] {
  const t = useTranslations('service.blacklist');
  return useMemo(
    () => [
      {
        id: 'person',
        header: t('person'),
        cell: ({ row }) => (
          <div className="flex flex-col">
            <span className="font-medium text-slate-900">{row.original.name ? <UserText>{row.original.name}</UserText> : '—'}</span>
            <span className="text-xs whitespace-nowrap text-slate-500 tabular-nums">{row.original.phone || '—'}</span>
          </div>
        ),
      },
      { id: 'id_number', header: t('idNumber'), cell: ({ row }) => <span className="font-mono text-xs whitespace-nowrap">{row.original.id_number}</span> },
      {
        id: 'status',
        header: t('status'),
        cell: ({ row }) => <StatusBadge tone={row.original.status === 'active' ? 'red' : 'slate'}>{t(`statuses.${row.original.status}`)}</StatusBadge>,
      },
      {
        id: 'reason',
        header: t('reason'),
        cell: ({ row }) => (
          <div className="flex max-w-72 flex-col text-sm [overflow-wrap:anywhere]">
            <span>{row.original.reason}</span>
            <span className="text-xs text-slate-500">{t('setBy', { who: row.original.created_by, when: formatDateTime(row.original.created_at) })}</span>
            {row.original.lifted_at && (
              <span className="text-xs text-slate-500">{t('liftedBy', { who: row.original.lifted_by, when: formatDateTime(row.original.lifted_at), reason: row.original.lift_reason })}</span>
            )}
          </div>
        ),
      },
      {
        id: 'actions',
        header: t('actions'),
        cell: ({ row }) =>
          canList && row.original.status === 'active' ? (
            <Button variant="link" className="whitespace-nowrap" onClick={() => onLift(row.original)} aria-label={t('liftNamed', { id: row.original.id_number })}>
              {t('lift')}
            </Button>
          ) : (
            '—'
          ),
      },
    ],
    [t, canList, onLift],
  );
}

/** /customers?view=blacklist: every entry (people who never ordered included), set and lifted with reasons. */
export function BlacklistView() {
  const t = useTranslations('service.blacklist');
  const auth = useGlobalState((state) => state.auth);
  const canList = hasAction(auth, 'customer.blacklist');
  const { state, update, reset } = useListUrlState(blacklistListParser, blacklistListSearch);
  const list = useBlacklistEntries({ ...(state.status ? { status: state.status } : {}), page: state.page, page_size: state.page_size });
  const { lift } = useBlacklist();
  const [lifting, setLifting] = useState<BlacklistRow | null>(null);
  const [adding, setAdding] = useState(false);
  const columns = useColumns(canList, useMemo(() => (row: BlacklistRow) => setLifting(row), []));
  return (
    <div className="flex flex-col gap-4">
      <FilterBar>
        <FilterSelect
          label={t('status')}
          value={state.status ?? ''}
          options={[{ value: '', label: t('all') }, ...BLACKLIST_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))]}
          onChange={(value) => update({ status: (value || undefined) as BlacklistStatus | undefined })}
        />
        {canList && (
          <Button variant="danger" className="ml-auto" onClick={() => setAdding(true)}>
            {t('addPerson')}
          </Button>
        )}
      </FilterBar>
      <ListTable
        texts="service.blacklist"
        columns={columns}
        query={list}
        paging={{ state, update }}
        empty={
          state.status ? (
            <NoMatches title={t('noMatch')} onClear={reset} />
          ) : (
            <EmptyState title={t('empty')} description={t('emptyHint')} />
          )
        }
      />
      <AddPersonDialog open={adding} onClose={() => setAdding(false)} />
      <ReasonDialog
        open={lifting !== null}
        onClose={() => setLifting(null)}
        title={t('liftTitle', { id: lifting?.id_number ?? '' })}
        confirmLabel={t('lift')}
        reasonRequired
        maxLength={300}
        onConfirm={(reason) => lift.mutateAsync({ id: lifting?.id ?? 0, reason })}
      />
    </div>
  );
}
