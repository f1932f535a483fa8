'use client';

import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useGlobalState } from '@/components/GlobalStateProvider';
import { formatCurrency } from '@/components/format';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { Spinner } from '@/components/ui/Spinner';
import { Stats } from '@/components/ui/Stats';
import { useWorkbenchData } from '../queries';

/**
 * Where each to-do's count leads: the list that holds exactly what it counts (the server
 * counts with the list's own selection), every filter in the link. An order to-do spans both
 * kinds (`todo`, in its stage's list); a sub-shop's account opens its `/s_` lists.
 */
export function todoPath(key: string, subShop: boolean): string | null {
  const prefix = subShop ? '/s_' : '/';
  switch (key) {
    case 'awaiting_audit':
      return `${prefix}regularOrder?todo=awaiting_audit`;
    case 'awaiting_shipment':
      return `${prefix}dealingOrder?todo=awaiting_shipment`;
    case 'overdue':
      return `${prefix}overdueOrder?todo=overdue`;
    case 'shipments_stuck':
      return '/shipments?attention=stuck';
    case 'shipments_exception':
      return '/shipments?attention=exception';
    case 'privacy_overdue':
      return '/privacyRequests?attention=overdue';
    case 'withdrawals_pending':
      return '/cashWithdrawal?status=pending';
    case 'withdrawals_reviewing':
      return '/cashWithdrawal?status=reviewing';
    case 'recharges_pending':
      return '/rechargeAudit?status=pending';
    default:
      return null;
  }
}

/** The workbench's today: the figures of the day so far and the to-dos, each a link to its list. */
export function TodayPanel({ subShop }: { subShop: boolean }) {
  const t = useTranslations();
  const platformType = useGlobalState((state) => state.platformType);
  const data = useWorkbenchData(platformType);
  if (data.isPending) return <Spinner />;
  if (data.isError) return <EmptyState tone="error" title={t('dataCenter.today.loadError')} action={<Button variant="secondary" onClick={() => void data.refetch()}>{t('common.retry')}</Button>} />;
  const { today, todos } = data.data;
  if (!today && todos.length === 0) return null;
  return (
    <section aria-labelledby="workbench-today" data-card="today" className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="workbench-today" className="text-sm font-semibold text-slate-700">{t('dataCenter.today.title')}</h2>
      {today && (
        <Stats
          items={[
            { id: 'orders', label: t('dataCenter.today.orders'), value: String(today.orders) },
            { id: 'deals', label: t('dataCenter.today.deals'), value: String(today.deals) },
            { id: 'deal_value', label: t('dataCenter.today.dealValue'), value: formatCurrency(today.deal_value) },
            { id: 'rent_received', label: t('dataCenter.today.rentReceived'), value: formatCurrency(today.rent_received), tone: 'primary' },
          ]}
        />
      )}
      {todos.length > 0 && (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label={t('dataCenter.today.todos')}>
          {todos.map((todo) => {
            const path = todoPath(todo.key, subShop);
            const label = t(`dataCenter.today.todo.${todo.key as 'awaiting_audit'}`);
            const body = (
              <>
                <span className="text-xs text-slate-500">{label}</span>
                <span className={`text-lg font-semibold tabular-nums ${todo.count > 0 ? 'text-amber-700' : 'text-slate-500'}`}>{todo.count}</span>
              </>
            );
            return (
              <li key={todo.key} data-todo={todo.key}>
                {path ? (
                  <Link href={path} className="flex flex-col rounded-md bg-slate-50 px-3 py-2 hover:bg-brand-50 hover:text-brand-700">{body}</Link>
                ) : (
                  <span className="flex flex-col rounded-md bg-slate-50 px-3 py-2">{body}</span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
