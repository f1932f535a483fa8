'use client';

import { USER_TEXT } from '@/components/ui/UserText';
import type { ColumnDef } from '@/components/data-table/types';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { ListTable } from '@/components/data-table/ListTable';
import { FilterBar, FilterSelect, SearchBox } from '@/components/filters/FilterBar';
import { useListUrlState } from '@/components/filters/useListUrlState';
import { formatCurrency, formatDateTime } from '@/components/format';
import { lazyDialog } from '@/components/lazyDialog';
import { PageHeader } from '@/components/PageHeader';
import { StatusBadge } from '@/components/StatusBadge';
import { Button } from '@/components/ui/Button';
import { NoMatches } from '@/components/data-table/TableStates';
import { EmptyState } from '@/components/ui/EmptyState';
import { LinkTabs } from '@/components/ui/LinkTabs';
import { useSearchParams } from 'next/navigation';
import { BLACKLIST_FILTERS, customerListParser, customerListSearch, customerQuery, type BlacklistFilter } from '../lib/service';
import { useCustomers, type CustomerRow } from '../queries';
import { BlacklistView } from './BlacklistView';

const CustomerDetailDialog = lazyDialog(() => import('./CustomerDetailDialog').then((module) => module.CustomerDetailDialog), (props) => props.customerId !== null);

function useColumns(onOpen: (row: CustomerRow) => void): ColumnDef<CustomerRow, unknown>[] {
  const t = useTranslations('service.customers');
  return useMemo(
    () => [
      {
        id: 'name',
        header: t('name'),
        cell: ({ row }) => (
          <div className="flex flex-col">
            <span className="font-medium text-slate-900" {...USER_TEXT}>{row.original.name}</span>
            <span className="text-xs whitespace-nowrap text-slate-500 tabular-nums">{row.original.phone}</span>
          </div>
        ),
      },
      { id: 'id_number', header: t('idNumber'), cell: ({ row }) => <span className="font-mono text-xs whitespace-nowrap">{row.original.id_number}</span> },
      {
        id: 'orders',
        header: t('orders'),
        cell: ({ row }) => (
          <span className="whitespace-nowrap tabular-nums">
            {row.original.orders}
            {row.original.overdue_orders > 0 && <span className="ml-1 text-red-600">{t('overdueOrders', { count: row.original.overdue_orders })}</span>}
          </span>
        ),
      },
      {
        id: 'owed',
        header: t('owed'),
        cell: ({ row }) => (
          <div className="flex flex-col whitespace-nowrap tabular-nums">
            <span>{formatCurrency(row.original.owed)}</span>
            {Number(row.original.overdue) > 0 && <span className="text-xs text-red-600">{t('overdueAmount', { amount: formatCurrency(row.original.overdue) })}</span>}
          </div>
        ),
      },
      { id: 'grade', header: t('grade'), cell: ({ row }) => row.original.risk_grade || '—' },
      { id: 'messages', header: t('messages'), cell: ({ row }) => <span className="tabular-nums">{row.original.messages}</span> },
      {
        id: 'blacklisted',
        header: t('blacklist'),
        cell: ({ row }) => (row.original.blacklisted ? <StatusBadge tone="red">{t('listed')}</StatusBadge> : <StatusBadge tone="slate">{t('notListed')}</StatusBadge>),
      },
      { id: 'last', header: t('lastOrder'), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(row.original.last_order_at)}</span> },
      {
        id: 'actions',
        header: t('actions'),
        cell: ({ row }) => (
          <Button variant="link" className="whitespace-nowrap" onClick={() => onOpen(row.original)} aria-label={t('openNamed', { name: row.original.name, phone: row.original.phone })}>
            {t('open')}
          </Button>
        ),
      },
    ],
    [t, onOpen],
  );
}

/** /customers (added): the shop's customers, their orders and money; `?view=blacklist` the blacklist. */
export function CustomersScreen() {
  const t = useTranslations('service.customers');
  const view = useSearchParams().get('view') === 'blacklist' ? 'blacklist' : 'customers';
  return (
    <div className="flex flex-col gap-5">
      <PageHeader title={t('title')} description={t('description')} />
      <LinkTabs
        label={t('views')}
        current={view}
        tabs={[
          { id: 'customers', href: '/customers', label: t('customersTab') },
          { id: 'blacklist', href: '/customers?view=blacklist', label: t('blacklistTab') },
        ]}
      />
      {view === 'blacklist' ? <BlacklistView /> : <CustomerList />}
    </div>
  );
}

function CustomerList() {
  const t = useTranslations('service.customers');
  const { state, update, reset } = useListUrlState(customerListParser, customerListSearch);
  const list = useCustomers(customerQuery(state));
  const [open, setOpen] = useState<number | null>(null);
  const columns = useColumns(useMemo(() => (row: CustomerRow) => setOpen(row.id), []));
  const filtered = state.keyword !== '' || state.overdue || state.blacklisted !== undefined;
  return (
    <div className="flex flex-col gap-4">
      <FilterBar>
        <SearchBox key={state.keyword} label={t('keyword')} placeholder={t('keywordPlaceholder')} initial={state.keyword} onSearch={(keyword) => update({ keyword })} />
        <FilterSelect
          label={t('overdueFilter')}
          value={state.overdue ? '1' : ''}
          options={[
            { value: '', label: t('all') },
            { value: '1', label: t('overdueOnly') },
          ]}
          onChange={(value) => update({ overdue: value === '1' })}
        />
        <FilterSelect
          label={t('blacklist')}
          value={state.blacklisted ?? ''}
          options={[{ value: '', label: t('all') }, ...BLACKLIST_FILTERS.map((value) => ({ value, label: t(value === 'yes' ? 'listed' : 'notListed') }))]}
          onChange={(value) => update({ blacklisted: (value || undefined) as BlacklistFilter | undefined })}
        />
      </FilterBar>
      <ListTable
        texts="service.customers"
        columns={columns}
        query={list}
        paging={{ state, update }}
        rowTone={(row) => (row.blacklisted ? 'bg-red-50/40' : undefined)}
        empty={
          filtered ? (
            <NoMatches title={t('noMatch')} onClear={reset} />
          ) : (
            <EmptyState title={t('empty')} description={t('emptyHint')} />
          )
        }
      />
      <CustomerDetailDialog customerId={open} onClose={() => setOpen(null)} />
    </div>
  );
}
