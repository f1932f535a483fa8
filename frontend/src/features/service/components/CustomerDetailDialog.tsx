'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { DetailQueryBody, Fact, Facts } from '@/components/DetailSection';
import { formatCurrency, formatDate, formatDateTime } from '@/components/format';
import { ReasonDialog } from '@/components/ReasonDialog';
import { StatusBadge } from '@/components/StatusBadge';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { useGlobalState } from '@/components/GlobalStateProvider';
import { ConsentSection } from '@/features/privacy/components/ConsentSection';
import { hasAction } from '@/lib/access';
import { BILL_STATES, isOneOf } from '../lib/service';
import { useBlacklist, useCustomerDetail, type CustomerDetail } from '../queries';

function Block({ title, empty, children, count }: { title: string; empty: string; count: number; children: React.ReactNode }) {
  return (
    <section className="flex flex-col gap-2" aria-label={title}>
      <h3 className="text-sm font-semibold text-slate-800">
        {title} <span className="font-normal text-slate-500">({count})</span>
      </h3>
      {count === 0 ? <p className="text-sm text-slate-500">{empty}</p> : children}
    </section>
  );
}

const ROW = 'flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 border-b border-slate-100 py-1.5 text-sm last:border-b-0';

/** A customer's page: their orders, bills, risk results, messages, and the blacklist with its history. */
export function CustomerDetailDialog({ customerId, onClose }: { customerId: number | null; onClose: () => void }) {
  const t = useTranslations('service.customers');
  const detail = useCustomerDetail(customerId);
  return (
    <Dialog open onClose={onClose} title={detail.data ? t('detailTitle', { name: detail.data.name, phone: detail.data.phone }) : t('detail')} width={860}>
      <DetailQueryBody query={detail} errorTitle={t('detailError')}>
        {(found) => <CustomerBody detail={found} />}
      </DetailQueryBody>
    </Dialog>
  );
}

function CustomerBody({ detail }: { detail: CustomerDetail }) {
  const t = useTranslations('service.customers');
  const auth = useGlobalState((state) => state.auth);
  const canList = hasAction(auth, 'customer.blacklist');
  const { add, lift } = useBlacklist();
  const [asking, setAsking] = useState<'add' | 'lift' | null>(null);
  const active = detail.blacklist.find((entry) => entry.status === 'active') ?? null;
  return (
    <div className="flex flex-col gap-5">
      <Facts>
        <Fact label={t('idNumber')}>{detail.id_number}</Fact>
        <Fact label={t('orders')}>{t('ordersCount', { count: detail.orders, overdue: detail.overdue_orders })}</Fact>
        <Fact label={t('owed')}>{`${formatCurrency(detail.owed)}（${t('overdueAmount', { amount: formatCurrency(detail.overdue) })}）`}</Fact>
        <Fact label={t('grade')}>{detail.risk_grade}</Fact>
        <Fact label={t('messages')}>{String(detail.messages)}</Fact>
        <Fact label={t('firstSeen')}>{formatDateTime(detail.first_order_at)}</Fact>
      </Facts>
      <section aria-label={t('blacklist')} className={`flex flex-col gap-2 rounded-md border px-3 py-3 ${active ? 'border-red-200 bg-red-50' : 'border-slate-200'}`}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="flex items-center gap-2 text-sm font-semibold text-slate-800">
            {t('blacklist')} {active ? <StatusBadge tone="red">{t('listed')}</StatusBadge> : <StatusBadge tone="slate">{t('notListed')}</StatusBadge>}
          </span>
          {canList &&
            (active ? (
              <Button variant="secondary" onClick={() => setAsking('lift')}>
                {t('lift')}
              </Button>
            ) : (
              <Button variant="danger" onClick={() => setAsking('add')}>
                {t('addToBlacklist')}
              </Button>
            ))}
        </div>
        {detail.blacklist.map((entry) => (
          <div key={entry.id} className="text-sm text-slate-700">
            <p>{t('listedBy', { who: entry.created_by, when: formatDateTime(entry.created_at), reason: entry.reason })}</p>
            {entry.lifted_at && <p className="text-slate-500">{t('liftedBy', { who: entry.lifted_by, when: formatDateTime(entry.lifted_at), reason: entry.lift_reason })}</p>}
          </div>
        ))}
      </section>
      {hasAction(auth, 'privacy.manage') && <ConsentSection customerId={detail.id} />}
      <Block title={t('ordersTitle')} empty={t('none')} count={detail.orders_list.length}>
        <ul>
          {detail.orders_list.map((order) => (
            <li key={order.id} className={ROW}>
              <Link href={`/orderInfo/${order.id}`} className="font-mono text-brand-600 hover:text-brand-700">
                {order.order_no}
              </Link>
              <span className="min-w-0 flex-1 truncate text-slate-700">{order.goods_title}</span>
              <span className="text-slate-600">{order.status_name}</span>
              <span className="text-slate-500 tabular-nums">{formatDate(order.created_at)}</span>
            </li>
          ))}
        </ul>
      </Block>
      <Block title={t('billsTitle')} empty={t('none')} count={detail.bills.length}>
        <ul>
          {detail.bills.map((bill) => (
            <li key={bill.id} className={ROW}>
              <span className="font-mono text-xs">{t('billName', { orderNo: bill.order_no, period: bill.period })}</span>
              <span className="tabular-nums">{t('billDue', { date: formatDate(bill.due_date), amount: formatCurrency(bill.amount) })}</span>
              <StatusBadge tone={bill.state === 'overdue' ? 'red' : bill.state === 'paid' ? 'green' : bill.state === 'cancelled' ? 'slate' : 'amber'}>
                {isOneOf(BILL_STATES, bill.state) ? t(`billState.${bill.state}`) : bill.state}
              </StatusBadge>
            </li>
          ))}
        </ul>
      </Block>
      <Block title={t('riskTitle')} empty={t('none')} count={detail.risk_checks.length}>
        <ul>
          {detail.risk_checks.map((check) => (
            <li key={check.id} className={ROW}>
              <span className="font-mono text-xs">{check.order_no}</span>
              <span>{check.query_type_name}</span>
              <span>{t('riskResult', { grade: check.grade, score: check.score ?? '—', decision: check.decision_name })}</span>
              <span className="text-slate-500 tabular-nums">{formatDateTime(check.created_at)}</span>
            </li>
          ))}
        </ul>
      </Block>
      <Block title={t('messagesTitle')} empty={t('none')} count={detail.messages_list.length}>
        <ul>
          {detail.messages_list.map((message) => (
            <li key={message.id} className="border-b border-slate-100 py-1.5 text-sm last:border-b-0">
              <p className="flex flex-wrap justify-between gap-2">
                <span className="font-medium">{message.template_name}</span>
                <StatusBadge tone={message.status === 'sent' ? 'green' : message.status === 'failed' ? 'red' : 'amber'}>{t(`messageStatus.${message.status}`)}</StatusBadge>
              </p>
              <p className="text-slate-600 [overflow-wrap:anywhere]">{message.text}</p>
              <p className="text-xs text-slate-500">{t('sentBy', { who: message.actor, when: formatDateTime(message.created_at), orderNo: message.order_no })}</p>
            </li>
          ))}
        </ul>
      </Block>
      <ReasonDialog
        open={asking === 'add'}
        onClose={() => setAsking(null)}
        title={t('addTitle')}
        description={t('addHint')}
        confirmLabel={t('addToBlacklist')}
        reasonRequired
        danger
        maxLength={300}
        onConfirm={(reason) => add.mutateAsync({ customer_id: detail.id, name: '', id_number: '', phone: '', reason })}
      />
      <ReasonDialog
        open={asking === 'lift' && active !== null}
        onClose={() => setAsking(null)}
        title={t('liftTitle')}
        confirmLabel={t('lift')}
        reasonRequired
        maxLength={300}
        onConfirm={(reason) => lift.mutateAsync({ id: active?.id ?? 0, reason })}
      />
    </div>
  );
}
