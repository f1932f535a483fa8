'use client';

import type { ColumnDef } from '@/components/data-table/types';
import { useMemo, useState } from 'react';
import { DetailError, DetailLoading } from '@/components/DetailSection';
import { BackLink, PageHeader } from '@/components/PageHeader';
import { StatusBadge } from '@/components/StatusBadge';
import { DataTable } from '@/components/data-table/DataTable';
import { TableEmpty } from '@/components/data-table/TableStates';
import { prioritize } from '@/components/data-table/fit';
import { formatCurrency, formatDate, formatDateTime } from '@/components/format';
import { lazyDialog } from '@/components/lazyDialog';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { notify } from '@/lib/notice';
import { asApiError } from '@/lib/apiError';
import { hasAction } from '@/lib/access';
import { canPayBill } from '@/features/orders/lib/actions';
import { canWaiveLateFee } from '@/features/orders/lib/lateFees';
import { isPositive } from '@/features/orders/lib/money';
import { offlineRepayableBill, owedNow } from '@/features/orders/lib/repayments';
import { CHARGE_KINDS, isOpenBill, isWaived } from '@/features/orders/lib/returns';
import { billStateTone, orderDetailHref, stageListPath } from '@/features/orders/lib/stages';
import { useOrderDetail, type OrderBill, type OrderDetail, type OrderRef } from '@/features/orders/queries';
import { usePayResult } from '../../orderBillQueries';
import { useOrderText } from '@/features/orders/components/labels';
import { useOrderPage } from '@/features/orders/components/detail/useOrderPage';
import { OwedBanner } from '@/features/orders/components/returns/OwedBanner';
import { useBillName } from './billName';
import { OverdueMoneySummary } from './OverdueMoneySummary';
import { OverdueStateLine } from './OverdueStateLine';

const PayBillDialog = lazyDialog(() => import('./PayBillDialog').then((module) => module.PayBillDialog), (props) => props.bill !== null);
const WaiveLateFeeDialog = lazyDialog(() => import('./WaiveLateFeeDialog').then((module) => module.WaiveLateFeeDialog), (props) => props.bill !== null);
const WaiveChargeDialog = lazyDialog(() => import('./WaiveChargeDialog').then((module) => module.WaiveChargeDialog), (props) => props.bill !== null);
const OfflineRepaymentDialog = lazyDialog(() => import('./OfflineRepaymentDialog').then((module) => module.OfflineRepaymentDialog), (props) => props.bill !== null);
const EarlySettlementDialog = lazyDialog(() => import('./EarlySettlementDialog').then((module) => module.EarlySettlementDialog), (props) => props.open);
const OverdueLadderDialog = lazyDialog(() => import('@/features/finance/components/OverdueLadderDialog').then((module) => module.OverdueLadderDialog), (props) => props.open);
const FinanceSettingDialog = lazyDialog(() => import('@/features/finance/components/FinanceSettingDialog').then((module) => module.FinanceSettingDialog), (props) => props.open);

interface BillActions {
  canPay: (bill: OrderBill) => boolean;
  onPay: (bill: OrderBill) => void;
  /** The one bill finance may record as repaid offline now (the oldest open one), if any. */
  offlineBillId: number | null;
  onRecordOffline: (bill: OrderBill) => void;
  canWaive: (bill: OrderBill) => boolean;
  onWaive: (bill: OrderBill) => void;
  /** Finance may forgo all a bill still owes (an order that owes, `finance.waive`). */
  canWaiveCharge: (bill: OrderBill) => boolean;
  onWaiveCharge: (bill: OrderBill) => void;
  onQuery: (bill: OrderBill) => void;
  querying: number | null;
}

function useBillColumns(actions: BillActions) {
  const { t, label } = useOrderText();
  const billName = useBillName();
  return useMemo<ColumnDef<OrderBill, unknown>[]>(
    () => [
      {
        id: 'period',
        header: t('bills.columns.period'),
        cell: ({ row }) => (
          <span className={`whitespace-nowrap ${CHARGE_KINDS.has(row.original.kind) ? 'font-medium text-amber-800' : ''}`}>{billName(row.original)}</span>
        ),
      },
      { id: 'dueDate', header: t('bills.columns.dueDate'), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatDate(row.original.due_date)}</span> },
      { id: 'rent', header: t('bills.columns.rent'), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatCurrency(row.original.rent)}</span> },
      { id: 'addon', header: t('bills.columns.addon'), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatCurrency(row.original.addon_amount)}</span> },
      { id: 'amount', header: t('bills.columns.amount'), cell: ({ row }) => <span className="font-medium whitespace-nowrap tabular-nums">{formatCurrency(row.original.amount)}</span> },
      { id: 'paid', header: t('bills.columns.paid'), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatCurrency(row.original.paid_amount)}</span> },
      { id: 'lateFee', header: t('bills.columns.lateFee'), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatCurrency(row.original.late_fee)}</span> },
      { id: 'lateFeeWaived', header: t('bills.columns.lateFeeWaived'), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatCurrency(row.original.late_fee_waived)}</span> },
      { id: 'lateFeePaid', header: t('bills.columns.lateFeePaid'), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatCurrency(row.original.late_fee_paid)}</span> },
      {
        id: 'lateFeeOwed',
        header: t('bills.columns.lateFeeOwed'),
        cell: ({ row }) => (
          <span className={`whitespace-nowrap tabular-nums ${isPositive(row.original.late_fee_owed) ? 'font-medium text-red-700' : ''}`}>{formatCurrency(row.original.late_fee_owed)}</span>
        ),
      },
      {
        id: 'state',
        header: t('bills.columns.state'),
        cell: ({ row }) =>
          isWaived(row.original) ? (
            <span className="flex max-w-48 flex-col items-start gap-0.5">
              <StatusBadge tone="slate">{t('charges.waived')}</StatusBadge>
              <span className="text-xs whitespace-nowrap text-slate-600 tabular-nums">{t('charges.waivedAmount', { amount: formatCurrency(row.original.waived_amount) })}</span>
              {row.original.waiver && (
                <span className="text-xs text-slate-500 [overflow-wrap:anywhere]">
                  {t('charges.waivedReason', { reason: row.original.waiver.reason })}
                  <span className="block tabular-nums">{t('charges.waivedBy', { name: row.original.waiver.actor_name || '—', time: formatDateTime(row.original.waiver.created_at) })}</span>
                </span>
              )}
            </span>
          ) : isPositive(row.original.waived_amount) ? (
            <span className="flex max-w-48 flex-col items-start gap-0.5">
              <StatusBadge tone={billStateTone(row.original.state)}>{label('bills.states', row.original.state)}</StatusBadge>
              <span className="text-xs whitespace-nowrap text-slate-600 tabular-nums">{t('charges.partWaived', { amount: formatCurrency(row.original.waived_amount) })}</span>
              {row.original.waivers.map((waiver) => (
                <span key={waiver.created_at} className="text-xs text-slate-500 [overflow-wrap:anywhere]">
                  {t('charges.waivedReason', { reason: waiver.reason })}
                  <span className="block tabular-nums">{t('charges.waivedBy', { name: waiver.actor_name || '—', time: formatDateTime(waiver.created_at) })}</span>
                </span>
              ))}
            </span>
          ) : (
            <StatusBadge tone={billStateTone(row.original.state)}>{label('bills.states', row.original.state)}</StatusBadge>
          ),
      },
      { id: 'paidAt', header: t('bills.columns.paidAt'), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(row.original.paid_at)}</span> },
      {
        id: 'paidBy',
        header: t('bills.columns.paidBy'),
        cell: ({ row }) => {
          const bill = row.original;
          const receipt = bill.offline_receipt;
          return (
            <span className="flex flex-col items-start gap-0.5">
              <span className="whitespace-nowrap">{bill.paid_by ? label('bills.paidBy', bill.paid_by) : '—'}</span>
              {bill.settled_early && <StatusBadge tone="sky">{t('bills.settledEarly')}</StatusBadge>}
              {isPositive(bill.discount) && <span className="text-xs whitespace-nowrap text-emerald-700">{t('bills.discount', { amount: formatCurrency(bill.discount) })}</span>}
              {receipt && (
                <span className="text-xs text-slate-500">
                  {t('bills.receipt', { channel: label('repayment.channels', receipt.channel), date: formatDate(receipt.paid_on), payer: receipt.payer_name })}
                  {receipt.bank_reference && <span className="block font-mono">{receipt.bank_reference}</span>}
                </span>
              )}
              {receipt?.voucher_url && (
                <a href={receipt.voucher_url} target="_blank" rel="noreferrer" className="text-xs font-medium whitespace-nowrap text-brand-600 hover:text-brand-700 hover:underline" aria-label={t('bills.voucherNamed', { period: bill.period })}>
                  {t('bills.voucher')}
                </a>
              )}
            </span>
          );
        },
      },
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
                  <span className="ml-1 text-slate-500">{t('bills.paymentLateFee', { amount: formatCurrency(payment.late_fee_amount) })}</span>
                </li>
              ))}
            </ul>
          ),
      },
      {
        id: 'actions',
        header: t('bills.columns.actions'),
        // Fifteen columns are wider than a laptop: a bill's actions stay in view at the right.
        meta: { sticky: 'end' },
        cell: ({ row }) => {
          const bill = row.original;
          if (bill.state === 'paying')
            return (
              <Button variant="link" className="whitespace-nowrap" disabled={actions.querying === bill.id} onClick={() => actions.onQuery(bill)} aria-label={t('bills.queryNamed', { period: bill.period })}>
                {t('bills.query')}
              </Button>
            );
          const pay = actions.canPay(bill);
          const waive = actions.canWaive(bill);
          const offline = actions.offlineBillId === bill.id;
          const waiveCharge = actions.canWaiveCharge(bill);
          if (!pay && !waive && !offline && !waiveCharge) return '—';
          return (
            <span className="flex flex-col items-start gap-1">
              {offline && (
                <Button
                  variant="link"
                  className="whitespace-nowrap"
                  onClick={() => actions.onRecordOffline(bill)}
                  aria-label={CHARGE_KINDS.has(bill.kind) ? t('bills.offlineNamedCharge', { bill: billName(bill) }) : t('bills.offlineNamed', { period: bill.period })}
                >
                  {t('bills.offline')}
                </Button>
              )}
              {pay && (
                <Button variant="link" className="whitespace-nowrap" onClick={() => actions.onPay(bill)} aria-label={t('bills.payNamed', { period: bill.period })}>
                  {t('bills.pay')}
                </Button>
              )}
              {waive && (
                <Button variant="link" className="whitespace-nowrap" onClick={() => actions.onWaive(bill)} aria-label={t('bills.waiveNamed', { period: bill.period })}>
                  {t('bills.waive')}
                </Button>
              )}
              {waiveCharge && (
                <Button variant="link" className="whitespace-nowrap" onClick={() => actions.onWaiveCharge(bill)} aria-label={t('charges.waiveNamed', { bill: billName(bill) })}>
                  {t('charges.waive')}
                </Button>
              )}
            </span>
          );
        },
      },
    ],
    [t, label, actions, billName],
  );
}

interface BillsSession {
  platform: boolean;
  /** Store side with `order.manage`: may waive late fees and change the late-fee rates. */
  canManage: boolean;
  /** Store side with `finance.view`: may read the late-fee rates. */
  canReadRates: boolean;
  canManageFinance: boolean;
  /** Store side with `finance.waive`: may forgo what a bill of an order that owes still asks. */
  canWaiveCharge: boolean;
}

function Bills({ detail, orderRef, session }: { detail: OrderDetail; orderRef: OrderRef; session: BillsSession }) {
  const { t, label } = useOrderText();
  const [paying, setPaying] = useState<OrderBill | null>(null);
  const [waiving, setWaiving] = useState<OrderBill | null>(null);
  const [waivingCharge, setWaivingCharge] = useState<OrderBill | null>(null);
  const owing = isPositive(detail.owed_amount ?? '0');
  const [repaying, setRepaying] = useState<OrderBill | null>(null);
  const [settling, setSettling] = useState(false);
  const [ratesOpen, setRatesOpen] = useState(false);
  const [ladderOpen, setLadderOpen] = useState(false);
  const [querying, setQuerying] = useState<number | null>(null);
  const payResult = usePayResult(orderRef);
  const actions = useMemo<BillActions>(
    () => ({
      canPay: (bill: OrderBill) => canPayBill(detail.actions, bill.state),
      onPay: setPaying,
      offlineBillId: offlineRepayableBill(detail.actions, detail.bills)?.id ?? null,
      onRecordOffline: setRepaying,
      canWaive: (bill: OrderBill) => canWaiveLateFee(bill, session),
      onWaive: setWaiving,
      // The server lists `waive_charge` for a session holding finance.waive on an order with open bills.
      canWaiveCharge: (bill: OrderBill) => session.canWaiveCharge && detail.actions.includes('waive_charge') && isOpenBill(bill.state) && isPositive(owedNow(bill)),
      onWaiveCharge: setWaivingCharge,
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
    [detail.actions, detail.bills, session, querying, payResult, t, label],
  );
  const billColumns = useBillColumns(actions);
  // Fifteen columns: the breakdown of the amount and the payments' list fold before the bill's
  // state, how it was paid and its receipt.
  const columns = useMemo(() => prioritize(billColumns, { addon: 3, rent: 3, lateFeeWaived: 3, lateFeePaid: 3, payments: 3, state: 1, amount: 1, dueDate: 1 }), [billColumns]);
  const totals = detail.bill_totals;
  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        back={<BackLink href={orderDetailHref(orderRef.id, orderRef.merchantId)}>{t('bills.back')}</BackLink>}
        title={t('bills.title', { orderNo: detail.order_no })}
        description={
          <>
            {t('bills.totals', { amount: formatCurrency(totals.amount), paid: formatCurrency(totals.paid), owed: formatCurrency(totals.owed) })}
            {isPositive(totals.owed_total ?? '0') && (
              <span className="block font-medium text-red-700" data-figure="owed_total">
                {t('bills.owedLine', { total: formatCurrency(totals.owed_total), lateFee: formatCurrency(totals.late_fee_owed), pastDue: formatCurrency(totals.past_due) })}
              </span>
            )}
          </>
        }
        actions={
          (session.canReadRates || detail.actions.includes('early_settlement')) && (
            <span className="flex flex-wrap gap-2">
              {detail.actions.includes('early_settlement') && (
                <Button variant="primary" onClick={() => setSettling(true)}>
                  {t('actions.early_settlement')}
                </Button>
              )}
              {session.canReadRates && (
                <Button variant="secondary" onClick={() => setRatesOpen(true)}>
                  {t('bills.lateFeeRates')}
                </Button>
              )}
              {session.canReadRates && (
                <Button variant="secondary" onClick={() => setLadderOpen(true)}>
                  {t('bills.overdueLadder')}
                </Button>
              )}
            </span>
          )
        }
      />
      {owing && <OwedBanner detail={detail} />}
      <OverdueStateLine state={detail.overdue_state} />
      {detail.kind === 'lease' && <OverdueMoneySummary orderRef={orderRef} />}
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
      <WaiveLateFeeDialog bill={waiving} orderRef={orderRef} onClose={() => setWaiving(null)} />
      <WaiveChargeDialog bill={waivingCharge} orderRef={orderRef} onClose={() => setWaivingCharge(null)} />
      <OfflineRepaymentDialog bill={repaying} orderRef={orderRef} onClose={() => setRepaying(null)} />
      <EarlySettlementDialog open={settling} orderRef={orderRef} onClose={() => setSettling(false)} />
      <FinanceSettingDialog open={ratesOpen} canEdit={session.canManage} onClose={() => setRatesOpen(false)} />
      <OverdueLadderDialog open={ladderOpen} canEdit={session.canManageFinance} onClose={() => setLadderOpen(false)} />
    </div>
  );
}

/** /billingDetails/[order_id]: an order's instalments with every payment attempt. */
export function BillingDetailsScreen() {
  const { t } = useOrderText();
  const page = useOrderPage('order_id');
  const detail = useOrderDetail(page.orderRef);
  const { platform, auth } = page;
  const session = useMemo<BillsSession>(
    () => ({
      platform,
      canManage: !platform && hasAction(auth, 'order.manage'),
      canReadRates: !platform && hasAction(auth, 'finance.view'),
      canManageFinance: !platform && hasAction(auth, 'finance.manage'),
      canWaiveCharge: !platform && hasAction(auth, 'finance.waive'),
    }),
    [platform, auth],
  );
  if (page.missingMerchant) return <EmptyState title={t('detail.missingMerchant')} />;
  if (page.orderRef === null) return <EmptyState title={t('detail.missingId')} />;
  if (detail.isPending) return <DetailLoading />;
  if (detail.isError) return <DetailError title={t('bills.loadError')} error={detail.error} back={{ href: stageListPath('regular', page.scope), label: t('detail.backToList') }} onRetry={() => void detail.refetch()} />;
  return <Bills detail={detail.data} orderRef={page.orderRef} session={session} />;
}
