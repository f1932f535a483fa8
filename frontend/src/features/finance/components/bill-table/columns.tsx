'use client';

import type { ColumnDef } from '@/components/data-table/types';
import { useLocale, useTranslations } from 'next-intl';
import Link from 'next/link';
import { useMemo } from 'react';
import { formatCurrency, formatDate, formatDateTime } from '@/components/format';
import { StatusBadge, type Tone } from '@/components/StatusBadge';
import { SignedAmount } from '@/components/ui/SignedAmount';
import { Truncate } from '@/components/ui/Truncate';
import { UserText } from '@/components/ui/UserText';
import { billingDetailsHref, orderDetailHref } from '@/features/orders/lib/stages';
import { BILL_STATES, type BillState } from '../../lib/billListState';
import type { BillLine, FinanceBill } from '../../queries';

const LINK = 'text-sm font-medium whitespace-nowrap text-brand-600 hover:text-brand-700';

const PARTS = ['buyout', 'shipping', 'addons'] as const;
type Part = (typeof PARTS)[number];
type DetailKey = 'detail.includes' | 'detail.separator' | 'detail.returned' | `detail.parts.${Part}`;

/**
 * What a line's amount is made of, in the reader's words: a withdrawal given back says what was
 * asked and returned (its amount nets to 0.00); any other line the buyout price, shipping fee and
 * add-ons its amount includes ("含运费 ¥10.00、增值服务 ¥30.00"). A part the catalogue does not
 * know is left out, never shown as its code.
 */
export function lineDetail(line: Pick<BillLine, 'returned' | 'includes'>, t: (key: DetailKey, values?: Record<string, string>) => string): string {
  if (line.returned) return t('detail.returned', { amount: formatCurrency(line.returned) });
  const parts = (line.includes ?? [])
    .filter((item): item is { part: Part; amount: string } => (PARTS as readonly string[]).includes(item.part))
    .map((item) => t(`detail.parts.${item.part}`, { amount: formatCurrency(item.amount) }));
  return parts.length ? t('detail.includes', { parts: parts.join(t('detail.separator')) }) : '';
}

/**
 * The income and expense lines' columns: the type in the reader's language, the signed amount
 * (in green, out red), the memo, the order's link and the time; the platform adds the merchant,
 * which filters the list to that merchant when pressed.
 */
export function useLineColumns({ platform, onMerchant }: { platform: boolean; onMerchant?: (merchantId: number) => void }): ColumnDef<BillLine, unknown>[] {
  const t = useTranslations('finance.billList');
  const english = useLocale() === 'en';
  return useMemo(() => {
    const columns: ColumnDef<BillLine, unknown>[] = [
      { id: 'time', header: t('columns.time'), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(row.original.created_at)}</span> },
      {
        id: 'type',
        header: t('columns.type'),
        cell: ({ row }) => <span className="whitespace-nowrap">{(english ? row.original.type_name_en : row.original.type_name) || t('system')}</span>,
      },
      { id: 'amount', header: t('columns.amount'), cell: ({ row }) => <SignedAmount amount={row.original.amount} className="font-medium" /> },
    ];
    if (platform) {
      columns.push({
        id: 'merchant',
        header: t('columns.merchant'),
        cell: ({ row }) => {
          const { merchant_id: merchantId, merchant_name: name } = row.original;
          if (!merchantId || !onMerchant) return <Truncate text={name || '—'} className="max-w-40" />;
          return (
            <button type="button" onClick={() => onMerchant(merchantId)} title={t('onlyMerchant', { name })} className="max-w-40 truncate text-left text-slate-800 hover:text-brand-700 hover:underline">
              {name ? <UserText>{name}</UserText> : '—'}
            </button>
          );
        },
      });
    }
    columns.push(
      {
        id: 'memo',
        header: t('columns.memo'),
        cell: ({ row }) => {
          const memo = (english ? row.original.memo_en : row.original.memo) || row.original.memo;
          const detail = lineDetail(row.original, t);
          return (
            <div className="flex max-w-56 flex-col">
              <Truncate text={memo || '—'} />
              {detail && <Truncate text={detail} userText={false} className="text-xs text-slate-500" />}
            </div>
          );
        },
      },
      {
        id: 'order',
        header: t('columns.order'),
        cell: ({ row }) => {
          const { order_id: orderId, merchant_id: merchantId } = row.original;
          if (!orderId) return <span className="text-slate-400">—</span>;
          return (
            <Link href={orderDetailHref(orderId, platform ? merchantId : null)} className={LINK} aria-label={t('viewOrderNamed', { id: orderId })}>
              {t('viewOrder')}
            </Link>
          );
        },
      },
      { id: 'actor', header: t('columns.actor'), cell: ({ row }) => <Truncate text={row.original.actor || t('system')} className="max-w-32" /> },
    );
    return columns;
  }, [t, english, platform, onMerchant]);
}

const STATE_TONES: Record<BillState, Tone> = { due: 'sky', overdue: 'red', paying: 'amber', paid: 'green', failed: 'red', cancelled: 'slate' };

/** A provider's failure as a person reads it: a known code in words, an unknown code said plainly, free text as it is. */
export function failureText(reason: string, t: (key: 'failures.INSUFFICIENT_BALANCE' | 'failures.SYSTEM_ERROR' | 'failures.other') => string): string {
  if (!/^[A-Z][A-Z0-9_]*$/.test(reason)) return reason;
  return reason === 'INSUFFICIENT_BALANCE' || reason === 'SYSTEM_ERROR' ? t(`failures.${reason}`) : t('failures.other');
}

function isBillState(state: string): state is BillState {
  return (BILL_STATES as readonly string[]).includes(state);
}

/** The customers' bills' columns: the order (to its detail and its bills), the period, money and state. */
export function useFinanceBillColumns(): ColumnDef<FinanceBill, unknown>[] {
  const t = useTranslations('finance.billList');
  return useMemo(() => {
    const period = (bill: FinanceBill) => {
      if (bill.kind === 'buyout' || bill.kind === 'purchase' || bill.kind === 'damage' || bill.kind === 'termination') return t(bill.kind);
      return t('period', { period: bill.period });
    };
    const method = (paidBy: string) =>
      paidBy === 'offline' || paidBy === 'early'
        ? t(`methods.${paidBy}`)
        : paidBy === 'withhold' || paidBy === 'customer' || paidBy === 'deposit' || paidBy === 'auth'
          ? t('paidBy', { method: t(`methods.${paidBy}`) })
          : '';
    return [
      {
        id: 'order',
        header: t('columns.orderNo'),
        cell: ({ row }) => (
          <Link href={orderDetailHref(row.original.order_id)} className="font-mono text-sm font-medium whitespace-nowrap text-slate-900 hover:text-brand-700 hover:underline">
            {row.original.order_no}
          </Link>
        ),
      },
      { id: 'period', header: t('columns.period'), cell: ({ row }) => <span className="whitespace-nowrap">{period(row.original)}</span> },
      { id: 'dueDate', header: t('columns.dueDate'), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatDate(row.original.due_date)}</span> },
      { id: 'amount', header: t('columns.billAmount'), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatCurrency(row.original.amount)}</span> },
      { id: 'paid', header: t('columns.paid'), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatCurrency(row.original.paid_amount)}</span> },
      {
        id: 'lateFeeOwed',
        header: t('columns.lateFeeOwed'),
        cell: ({ row }) => {
          const owed = row.original.late_fee_owed;
          return <span className={`whitespace-nowrap tabular-nums ${Number(owed) > 0 ? 'text-red-700' : ''}`}>{formatCurrency(owed)}</span>;
        },
      },
      {
        id: 'state',
        header: t('columns.state'),
        cell: ({ row }) => {
          const { state, last_failure: failure } = row.original;
          return (
            <div className="flex flex-col items-start gap-1">
              {isBillState(state) ? <StatusBadge tone={STATE_TONES[state]}>{t(`states.${state}`)}</StatusBadge> : <span className="text-slate-400">—</span>}
              {state === 'failed' && failure && (
                <span title={failure} className="max-w-48 truncate text-xs text-red-700">
                  {t('failure', { reason: failureText(failure, t) })}
                </span>
              )}
            </div>
          );
        },
      },
      {
        id: 'paidAt',
        header: t('columns.paidAt'),
        cell: ({ row }) => (
          <div className="flex flex-col whitespace-nowrap">
            <span className="tabular-nums">{formatDateTime(row.original.paid_at)}</span>
            {row.original.paid_by && <span className="text-xs text-slate-500">{method(row.original.paid_by)}</span>}
          </div>
        ),
      },
      {
        id: 'actions',
        header: t('columns.actions'),
        cell: ({ row }) => (
          <Link href={billingDetailsHref(row.original.order_id)} className={LINK} aria-label={t('billDetailsNamed', { orderNo: row.original.order_no })}>
            {t('billDetails')}
          </Link>
        ),
      },
    ];
  }, [t]);
}
