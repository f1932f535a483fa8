'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import type { ColumnDef } from '@/components/data-table/types';
import { ListTable } from '@/components/data-table/ListTable';
import { NoMatches } from '@/components/data-table/TableStates';
import { FilterBar, FilterSelect, SearchBox } from '@/components/filters/FilterBar';
import { FilterPills } from '@/components/filters/FilterPills';
import { useGlobalState } from '@/components/GlobalStateProvider';
import { useListUrlState } from '@/components/filters/useListUrlState';
import { formatDate } from '@/components/format';
import { lazyDialog } from '@/components/lazyDialog';
import { PageHeader } from '@/components/PageHeader';
import { StatusBadge } from '@/components/StatusBadge';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { USER_TEXT } from '@/components/ui/UserText';
import { hasAction } from '@/lib/access';
import { ATTENTIONS, dueText, known, parsePrivacyListState, privacyListQuery, privacyListSearch, REQUEST_KINDS, REQUEST_STATUSES, statusTone } from '../lib/privacy';
import { usePrivacyRequests, type PrivacyRow } from '../queries';
import { LegalHoldsSection } from './LegalHoldsSection';
import { OffboardingExportSection } from './OffboardingExportSection';
import { RetentionSection } from './RetentionSection';
import { RevealLogSection } from './RevealLogSection';
import { LiftSuppressionDialog } from './HoldDialogs';

const CreateRequestDialog = lazyDialog(() => import('./RequestDialogs').then((module) => module.CreateRequestDialog), (props) => props.open);

export function DueCell({ left }: { left: number | null | undefined }) {
  const t = useTranslations('privacyRequests.list');
  const due = dueText(left);
  if (!due) return <span className="text-slate-400">—</span>;
  return <span className={due.key === 'overdueBy' ? 'font-medium text-red-700' : due.key === 'dueToday' ? 'text-amber-700' : 'text-slate-700'}>{t(due.key, { count: due.count })}</span>;
}

/** /privacyRequests: customers' requests about their personal information, filters in the URL. */
export function PrivacyRequestsScreen() {
  const t = useTranslations('privacyRequests');
  const { state, update, reset } = useListUrlState(parsePrivacyListState, privacyListSearch);
  const list = usePrivacyRequests(privacyListQuery(state));
  const [creating, setCreating] = useState(false);
  const auth = useGlobalState((global) => global.auth);
  const canReadReveals = hasAction(auth, 'privacy.reveals');
  const canManage = hasAction(auth, 'privacy.manage');
  const [lifting, setLifting] = useState(false);
  const columns = useMemo<ColumnDef<PrivacyRow, unknown>[]>(
    () => [
      {
        id: 'request_no',
        header: t('list.columns.requestNo'),
        cell: ({ row }) => (
          <Link href={`/privacyRequests/${row.original.id}`} className="font-mono text-sm text-brand-600 hover:text-brand-700">
            {row.original.request_no}
          </Link>
        ),
      },
      { id: 'kind', header: t('list.columns.kind'), cell: ({ row }) => (known(REQUEST_KINDS, row.original.kind) ? t(`kind.${row.original.kind}`) : row.original.kind_name) },
      {
        id: 'status',
        header: t('list.columns.status'),
        meta: { priority: 1 },
        cell: ({ row }) => <StatusBadge tone={statusTone(row.original.status, row.original.overdue)}>{known(REQUEST_STATUSES, row.original.status) ? t(`status.${row.original.status}`) : row.original.status_name}</StatusBadge>,
      },
      { id: 'left', header: t('list.columns.left'), meta: { priority: 1 }, cell: ({ row }) => <DueCell left={row.original.working_days_left} /> },
      {
        id: 'requester',
        header: t('list.columns.requester'),
        meta: { priority: 2 },
        cell: ({ row }) => (
          <span className="whitespace-nowrap">
            <span {...USER_TEXT}>{row.original.requester_name}</span> <span className="tabular-nums text-slate-500">{row.original.requester_phone}</span>
          </span>
        ),
      },
      { id: 'received', header: t('list.columns.received'), meta: { priority: 3 }, cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatDate(row.original.received_on)}</span> },
      { id: 'due', header: t('list.columns.due'), meta: { priority: 2 }, cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatDate(row.original.due_on)}</span> },
      { id: 'handler', header: t('list.columns.handler'), meta: { priority: 3 }, cell: ({ row }) => (row.original.handler_name ? <span {...USER_TEXT}>{row.original.handler_name}</span> : <span className="text-slate-400">{t('list.noHandler')}</span>) },
    ],
    [t],
  );
  const filtered = Boolean(state.attention || state.status || state.kind || state.mine || state.keyword);
  return (
    <div className="flex flex-col gap-5">
      <PageHeader title={t('list.title')} description={t('list.description')} actions={
          <>
            <Button variant="secondary" disabled={!canManage} title={canManage ? undefined : t('suppression.needsManage')} onClick={() => setLifting(true)}>
              {t('suppression.button')}
            </Button>
            <Button onClick={() => setCreating(true)}>{t('list.create')}</Button>
          </>
        }
      />
      <FilterPills
        label={t('list.attentionTabs')}
        value={state.attention ?? ''}
        options={[{ value: '' as const, label: t('list.all') }, ...ATTENTIONS.map((value) => ({ value, label: t(`list.attention.${value}`) }))]}
        onChange={(attention) => update({ attention: attention || undefined })}
      />
      {state.attention && <p className="text-sm text-slate-600">{t(`list.nextStep.${state.attention}`)}</p>}
      <FilterPills
        label={t('list.statusTabs')}
        value={state.status ?? ''}
        options={[{ value: '' as const, label: t('list.all') }, ...REQUEST_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))]}
        onChange={(status) => update({ status: status || undefined })}
      />
      <FilterBar>
        <SearchBox label={t('list.keyword')} placeholder={t('list.keyword')} initial={state.keyword} onSearch={(keyword) => update({ keyword })} />
        <FilterSelect
          label={t('list.kindFilter')}
          value={state.kind ?? ''}
          options={[{ value: '', label: t('list.all') }, ...REQUEST_KINDS.map((value) => ({ value, label: t(`kind.${value}`) }))]}
          onChange={(kind) => update({ kind: (kind || undefined) as typeof state.kind })}
        />
        <FilterSelect
          label={t('list.mine')}
          value={state.mine ? '1' : ''}
          options={[
            { value: '', label: t('list.all') },
            { value: '1', label: t('list.mine') },
          ]}
          onChange={(mine) => update({ mine: mine === '1' })}
        />
      </FilterBar>
      <ListTable
        texts="privacyRequests.list"
        columns={columns}
        query={list}
        paging={{ state, update }}
        empty={filtered ? <NoMatches title={t('list.noMatchTitle')} onClear={reset} /> : <EmptyState title={t('list.emptyTitle')} />}
      />
      <LegalHoldsSection canManage={canManage} />
      <RetentionSection />
      {canReadReveals && <RevealLogSection />}
      {canReadReveals && <OffboardingExportSection />}
      <CreateRequestDialog open={creating} onClose={() => setCreating(false)} />
      {lifting && <LiftSuppressionDialog open onClose={() => setLifting(false)} />}
    </div>
  );
}
