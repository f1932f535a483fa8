'use client';

import { UserText } from '@/components/ui/UserText';
import type { ColumnDef } from '@/components/data-table/types';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { formatCurrency, formatDateTime, orDash } from '@/components/format';
import { Button } from '@/components/ui/Button';
import { reviewedColumns, RowDecisions } from '@/components/review/reviewedColumns';
import { SignedAmount } from '@/components/ui/SignedAmount';
import { Truncate } from '@/components/ui/Truncate';
import type { RechargeRow, RiskBill, RiskQueryRow } from '../../queries';
import { GradeBadge, RechargeStatusBadge } from '../RechargeStatusBadge';

/** The ledger's name for the provider's callbacks and the intake (no person). */
const SYSTEM_ACTOR = 'system';

function OrderLink({ id, no }: { id: number | null; no: string }) {
  if (!id || !no) return <span className="whitespace-nowrap">{orDash(no)}</span>;
  return (
    <Link href={`/orderInfo/${id}`} className="font-mono text-xs whitespace-nowrap text-brand-700 hover:underline">
      {no}
    </Link>
  );
}

/** Of the order's frozen deposit, the customer's money and Zhima's guarantee (deposit-free
 * leases: no money), labelled apart; a dash when nothing was frozen. */
function DepositCover({ row }: { row: RiskQueryRow }) {
  const t = useTranslations('risk');
  if (row.deposit_fund == null || row.deposit_credit == null) return <span>{orDash('')}</span>;
  return (
    <span className="flex flex-col text-xs whitespace-nowrap tabular-nums" data-testid="deposit-cover">
      <span>{t('depositCover.fund', { amount: formatCurrency(row.deposit_fund) })}</span>
      <span className="text-slate-500">{t('depositCover.credit', { amount: formatCurrency(row.deposit_credit) })}</span>
    </span>
  );
}

/** The balance's lines: recharges in (+), query charges out (-). */
export function useRiskBillColumns(): ColumnDef<RiskBill, unknown>[] {
  const t = useTranslations('risk');
  const english = !useLocale().startsWith('zh');
  return useMemo(
    () => [
      { id: 'time', header: t('fields.time'), cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.created_at)}</span> },
      { id: 'type', header: t('fields.type'), cell: ({ row }) => <span className="whitespace-nowrap">{row.original.type === 'recharge' || row.original.type === 'charge' ? t(`billType.${row.original.type}`) : row.original.type}</span> },
      { id: 'amount', header: t('fields.amount'), cell: ({ row }) => <SignedAmount amount={row.original.amount} className="font-medium" /> },
      {
        id: 'detail',
        header: t('fields.detail'),
        cell: ({ row }) => {
          const line = row.original;
          const text = line.type === 'charge' ? (english ? line.query_type_name_en : line.query_type_name) || line.query_no : line.recharge_no;
          return <span className="block max-w-56 text-xs"><Truncate text={orDash(text)} /></span>;
        },
      },
      { id: 'order', header: t('fields.order'), cell: ({ row }) => <OrderLink id={row.original.order_id} no={row.original.order_no} /> },
      { id: 'actor', header: t('fields.actor'), cell: ({ row }) => <span className="whitespace-nowrap">{!row.original.actor || row.original.actor === SYSTEM_ACTOR ? t('fields.system') : <UserText>{row.original.actor}</UserText>}</span> },
    ],
    [t, english],
  );
}

/** The shop's risk queries: who (masked), what it found, what it cost. */
export function useRiskQueryColumns(): ColumnDef<RiskQueryRow, unknown>[] {
  const t = useTranslations('risk');
  const english = !useLocale().startsWith('zh');
  return useMemo(
    () => [
      { id: 'time', header: t('fields.time'), cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.created_at)}</span> },
      { id: 'query_type', header: t('fields.queryType'), cell: ({ row }) => <span className="whitespace-nowrap">{english ? row.original.query_type_name_en : row.original.query_type_name}</span> },
      {
        id: 'person',
        header: t('fields.person'),
        cell: ({ row }) => (
          <span className="flex flex-col text-xs whitespace-nowrap">
            <UserText>{row.original.name}</UserText>
            <span className="text-slate-500">{row.original.id_number}</span>
          </span>
        ),
      },
      { id: 'grade', header: t('fields.grade'), cell: ({ row }) => <GradeBadge grade={row.original.grade} score={row.original.score} /> },
      { id: 'decision', header: t('fields.decision'), cell: ({ row }) => <span className="whitespace-nowrap">{english ? row.original.decision_name_en : row.original.decision_name}</span> },
      {
        id: 'hits',
        header: t('fields.hits'),
        cell: ({ row }) => {
          const hits = row.original.hit_rules.map((hit) => (english ? hit.name_en : hit.name_zh));
          return <span className="block max-w-64 text-xs"><Truncate text={hits.length ? hits.join('；') : t('order.noHits')} /></span>;
        },
      },
      { id: 'price', header: t('fields.price'), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatCurrency(row.original.price)}</span> },
      { id: 'order', header: t('fields.order'), cell: ({ row }) => <OrderLink id={row.original.order_id} no={row.original.order_no} /> },
      { id: 'deposit_cover', header: t('fields.depositCover'), cell: ({ row }) => <DepositCover row={row.original} /> },
      { id: 'source', header: t('fields.source'), cell: ({ row }) => <span className="whitespace-nowrap">{row.original.source === 'intake' || row.original.source === 'manual' ? t(`source.${row.original.source}`) : row.original.source}</span> },
    ],
    [t, english],
  );
}

export interface RechargeRowActions {
  onOpen: (row: RechargeRow) => void;
  /** The platform's decisions on a transfer awaiting audit. */
  onApprove?: (row: RechargeRow) => void;
  onReject?: (row: RechargeRow) => void;
}

/** Recharges: the shop's own, or (platform) every merchant's with the audit's buttons. */
export function useRechargeColumns({ platform, actions }: { platform: boolean; actions: RechargeRowActions }): ColumnDef<RechargeRow, unknown>[] {
  const t = useTranslations('risk');
  return useMemo(() => {
    const shared = reviewedColumns<RechargeRow>({
      t,
      number: (row) => row.recharge_no,
      header: { id: 'recharge_no', label: t('fields.rechargeNo') },
      onOpen: actions.onOpen,
      badge: (row) => <RechargeStatusBadge status={row.status} fallback={row.status_name} />,
    });
    const columns: ColumnDef<RechargeRow, unknown>[] = [shared.number];
    if (platform) columns.push(shared.merchant);
    columns.push(
      { id: 'method', header: t('fields.method'), cell: ({ row }) => <span className="whitespace-nowrap">{t(`method.${row.original.method === 'qr' ? 'qr' : 'offline'}`)}</span> },
      shared.amount,
      shared.status,
      shared.createdAt,
      { id: 'reason', header: t('fields.detail'), cell: ({ row }) => <span className="block max-w-48 text-xs"><Truncate text={orDash(row.original.reject_reason || row.original.failure_reason || row.original.remark)} /></span> },
      {
        id: 'actions',
        header: t('fields.actions'),
        cell: ({ row }) => {
          const no = row.original.recharge_no;
          return (
            <div className="flex items-center gap-3 whitespace-nowrap">
              <Button variant="link" aria-label={t('actions.detailOf', { no })} onClick={() => actions.onOpen(row.original)}>
                {platform && row.original.has_voucher ? t('actions.voucher') : t('actions.detail')}
              </Button>
              {platform && (
                <RowDecisions
                  t={t}
                  no={no}
                  actions={row.original.actions}
                  onApprove={actions.onApprove && (() => actions.onApprove?.(row.original))}
                  onReject={actions.onReject && (() => actions.onReject?.(row.original))}
                />
              )}
            </div>
          );
        },
      },
    );
    return columns;
  }, [t, platform, actions]);
}
