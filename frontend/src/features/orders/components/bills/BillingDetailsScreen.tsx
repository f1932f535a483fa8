'use client';

import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { DetailError, DetailLoading } from '@/components/DetailSection';
import { BackLink, PageHeader } from '@/components/PageHeader';
import { StatusBadge } from '@/components/StatusBadge';
import { DataTable } from '@/components/data-table/DataTable';
import { TableEmpty } from '@/components/data-table/TableStates';
import { formatCurrency, formatDate, formatDateTime } from '@/components/format';
import { lazyDialog } from '@/components/lazyDialog';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { notify } from '@/lib/notice';
import { asApiError } from '@/lib/apiError';
import { canPayBill } from '../../lib/actions';
import { billStateTone, orderDetailHref } from '../../lib/stages';
import { useOrderDetail, usePayResult, type OrderBill, type OrderDetail, type OrderRef } from '../../queries';
import { useOrderText } from '../labels';
import { useOrderPage } from '../detail/useOrderPage';

const PayBillDialog = lazyDialog(() => import('./PayBillDialog').then((module) => module.PayBillDialog), (props) => props.bill !== null);

function useBillColumns(actions: { canPay: (bill: OrderBill) => boolean; onPay: (bill: OrderBill) => void; onQuery: (bill: OrderBill) => void; querying: number | null }) {
  const { t, label } = useOrderText();
  return useMemo<ColumnDef<OrderBill, unknown>[]>(
    () => [
      { id: 'period', header: t('bills.columns.period'), cell: ({ row }) => <span className="whitespace-nowrap">{row.original.period === 0 ? t('bills.buyoutPeriod') : t('bills.period', { period: row.original.period })}</span> },
      { id: 'dueDate', header: t('bills.columns.dueDate'), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatDate(row.original.due_date)}</span> },
      { id: 'rent', header: t('bills.columns.rent'), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatCurrency(row.original.rent)}</span> },
      { id: 'addon', header: t('bills.columns.addon'), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatCurrency(row.original.addon_amount)}</span> },
      { id: 'amount', header: t('bills.columns.amount'), cell: ({ row }) => <span className="font-medium whitespace-nowrap tabular-nums">{formatCurrency(row.original.amount)}</span> },
      { id: 'paid', header: t('bills.columns.paid'), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatCurrency(row.original.paid_amount)}</span> },
      { id: 'state', header: t('bills.columns.state'), cell: ({ row }) => <StatusBadge tone={billStateTone(row.original.state)}>{label('bills.states', row.original.state)}</StatusBadge> },
      { id: 'paidAt', header: t('bills.columns.paidAt'), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(row.original.paid_at)}</span> },
      { id: 'paidBy', header: t('bills.columns.paidBy'), cell: ({ row }) => <span className="whitespace-nowrap">{row.original.paid_by ? label('bills.paidBy', row.original.paid_by) : '—'}</span> },
      {
        id: 'payments',
        header: t('bills.columns.payments'),
        cell: ({ row }) =>
          row.original.payments.length === 0 ? (
            t('bills.noPayments')
          ) : (
            <ul className="flex flex-col gap-0.5 text-xs">
              {row.original.payments.map((payment) => (
                <li key={payment.id} className="whitespace-nowrap" title={payment.failure_reason || undefined}>
                  {t('bills.payment', { method: label('bills.paidBy', payment.method), amount: formatCurrency(payment.amount), status: label('bills.paymentStatus', payment.status) })}
                </li>
              ))}
            </ul>
          ),
      },
      {
        id: 'actions',
        header: t('bills.columns.actions'),
        cell: ({ row }) => {
          const bill = row.original;
          if (bill.state === 'paying')
            return (
              <Button variant="link" className="whitespace-nowrap" disabled={actions.querying === bill.id} onClick={() => actions.onQuery(bill)} aria-label={t('bills.queryNamed', { period: bill.period })}>
                {t('bills.query')}
              </Button>
            );
          if (!actions.canPay(bill)) return '—';
          return (
            <Button variant="link" className="whitespace-nowrap" onClick={() => actions.onPay(bill)} aria-label={t('bills.payNamed', { period: bill.period })}>
              {t('bills.pay')}
            </Button>
          );
        },
      },
    ],
    [t, label, actions],
  );
}

function Bills({ detail, orderRef }: { detail: OrderDetail; orderRef: OrderRef }) {
  const { t, label } = useOrderText();
  const [paying, setPaying] = useState<OrderBill | null>(null);
  const [querying, setQuerying] = useState<number | null>(null);
  const payResult = usePayResult(orderRef);
  const actions = useMemo(
    () => ({
      canPay: (bill: OrderBill) => canPayBill(detail.actions, bill.state),
      onPay: setPaying,
      querying,
      onQuery: (bill: OrderBill) => {
        setQuerying(bill.id);
        payResult.mutate(bill.out_trade_no, {
          onSuccess: (result) => notify({ kind: 'info', message: { raw: t('bills.payResult', { status: label('bills.paymentStatus', result.status) }) } }),
          onError: (error) => notify({ kind: 'warning', title: { key: 'notice.requestError' }, message: { raw: asApiError(error)?.message || t('failed') } }),
          onSettled: () => setQuerying(null),
        });
      },
    }),
    [detail.actions, querying, payResult, t, label],
  );
  const columns = useBillColumns(actions);
  const totals = detail.bill_totals;
  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        back={<BackLink href={orderDetailHref(orderRef.id, orderRef.merchantId)}>{t('bills.back')}</BackLink>}
        title={t('bills.title', { orderNo: detail.order_no })}
        description={t('bills.totals', { amount: formatCurrency(totals.amount), paid: formatCurrency(totals.paid), owed: formatCurrency(totals.owed) })}
      />
      <DataTable
        label={t('bills.tableLabel')}
        columns={columns}
        rows={detail.bills}
        isPending={false}
        isError={false}
        onRetry={() => undefined}
        errorTitle={t('bills.loadError')}
        getRowId={(bill) => String(bill.id)}
        rowTone={(bill) => (bill.state === 'overdue' ? 'bg-red-50/40' : undefined)}
        empty={<TableEmpty title={t('bills.empty')} />}
      />
      <PayBillDialog bill={paying} orderRef={orderRef} onClose={() => setPaying(null)} />
    </div>
  );
}

/** /billingDetails/[order_id]: an order's instalments with every payment attempt. */
export function BillingDetailsScreen() {
  const { t } = useOrderText();
  const page = useOrderPage('order_id');
  const detail = useOrderDetail(page.orderRef);
  if (page.missingMerchant) return <EmptyState title={t('detail.missingMerchant')} />;
  if (page.orderRef === null) return <EmptyState title={t('detail.missingId')} />;
  if (detail.isPending) return <DetailLoading />;
  if (detail.isError) return <DetailError title={t('bills.loadError')} onRetry={() => void detail.refetch()} />;
  return <Bills detail={detail.data} orderRef={page.orderRef} />;
}
