'use client';

import type { ColumnDef } from '@/components/data-table/types';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useMemo } from 'react';
import { prioritize } from '@/components/data-table/fit';
import { formatCurrency, formatDate, formatDateTime } from '@/components/format';
import { Thumb } from '@/components/ui/Thumb';
import { Truncate } from '@/components/ui/Truncate';
import { isPositive } from '../../lib/money';
import { orderDetailHref, type OrderStage } from '../../lib/stages';
import type { OrderRow } from '../../queries';
import { OrderStatusBadge, specsText, useOrderText } from '../labels';
import { UserText } from '@/components/ui/UserText';

/**
 * What folds first when the list is wider than the screen (the kit's priorities): who the order
 * was given to, the plan, the customer and goods, the sub-shop; then the time and the merchant.
 * The order, its status and its actions stay.
 */
const ORDER_PRIORITIES = { assignees: 5, plan: 4, goods: 3, customer: 3, subShop: 3, merchant: 2, createdAt: 2, overdueSince: 2, status: 1 };

/** The list's columns: the platform adds the merchant, a shop the sub-shop; overdue lists show since when. */
export function useOrderColumns({ platform, stage }: { platform: boolean; stage: OrderStage }): ColumnDef<OrderRow, unknown>[] {
  const { t, label, plan } = useOrderText();
  const bulk = useTranslations('orderBulk');
  return useMemo(() => {
    const href = (row: OrderRow) => orderDetailHref(row.id, platform ? row.merchant_id : null);
    const columns: ColumnDef<OrderRow, unknown>[] = [
      {
        id: 'order',
        header: t('columns.order'),
        cell: ({ row }) => (
          <div className="flex min-w-40 flex-col gap-0.5">
            <Link href={href(row.original)} className="font-mono text-sm font-medium text-slate-900 hover:text-brand-700 hover:underline">
              {row.original.order_no}
            </Link>
            <span className="text-xs text-slate-500">
              {label('kindShort', row.original.kind)} · {label('channel', row.original.channel)}
            </span>
          </div>
        ),
      },
      {
        id: 'goods',
        header: t('columns.goods'),
        cell: ({ row }) => (
          <div className="flex min-w-48 items-start gap-2">
            <Thumb src={row.original.goods_picture} alt="" />
            <div className="min-w-0">
              <Truncate text={row.original.goods_title} className="max-w-56 font-medium text-slate-900" />
              <Truncate text={specsText(row.original.sku_specs)} className="max-w-56 text-xs text-slate-500" />
            </div>
          </div>
        ),
      },
      {
        id: 'customer',
        header: t('columns.customer'),
        cell: ({ row }) => (
          <div className="flex flex-col whitespace-nowrap">
            <UserText>{row.original.customer_name}</UserText>
            <span className="text-xs text-slate-500 tabular-nums">{row.original.customer_phone}</span>
          </div>
        ),
      },
      { id: 'plan', header: t('columns.plan'), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{plan(row.original)}</span> },
      {
        id: 'status',
        header: t('columns.status'),
        cell: ({ row }) => (
          <div className="flex flex-col items-start gap-1">
            <OrderStatusBadge status={row.original.status} name={row.original.status_name} />
            {row.original.has_open_after_sale && <span className="text-xs text-amber-700">{t('afterSaleOpen')}</span>}
            {isPositive(row.original.owed_amount ?? '0') && (
              <span className="text-xs font-medium whitespace-nowrap text-red-700 tabular-nums" data-testid="row-owed">
                {t('owing.rowOwed', { amount: formatCurrency(row.original.owed_amount) })}
              </span>
            )}
          </div>
        ),
      },
    ];
    if (platform) {
      columns.push({ id: 'merchant', header: t('columns.merchant'), cell: ({ row }) => <Truncate text={row.original.merchant_name} className="max-w-40" /> });
    } else {
      columns.push({ id: 'subShop', header: t('columns.subShop'), cell: ({ row }) => <Truncate text={row.original.sub_shop_name || '—'} className="max-w-40" /> });
      // Who the shop gave the order to (allocateOrders): its auditor and its salesman.
      columns.push({
        id: 'assignees',
        header: bulk('columns.assignees'),
        cell: ({ row }) => {
          const { auditor_name: auditor, salesman_name: salesman } = row.original;
          if (!auditor && !salesman) return <span className="text-slate-400">—</span>;
          return (
            <div className="flex flex-col text-xs whitespace-nowrap">
              {auditor && <span>{bulk.rich('columns.auditor', { name: auditor, user: (chunks) => <UserText>{chunks}</UserText> })}</span>}
              {salesman && <span>{bulk.rich('columns.salesman', { name: salesman, user: (chunks) => <UserText>{chunks}</UserText> })}</span>}
            </div>
          );
        },
      });
    }
    if (stage === 'overdue') {
      columns.push({ id: 'overdueSince', header: t('columns.overdueSince'), cell: ({ row }) => <span className="whitespace-nowrap text-red-700 tabular-nums">{formatDate(row.original.overdue_since)}</span> });
    }
    columns.push(
      { id: 'createdAt', header: t('columns.createdAt'), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(row.original.created_at)}</span> },
      {
        id: 'actions',
        header: t('columns.actions'),
        cell: ({ row }) => (
          <Link href={href(row.original)} className="text-sm font-medium whitespace-nowrap text-brand-600 hover:text-brand-700" aria-label={t('viewNamed', { orderNo: row.original.order_no })}>
            {t('view')}
          </Link>
        ),
      },
    );
    return prioritize(columns, ORDER_PRIORITIES);
  }, [t, bulk, label, plan, platform, stage]);
}
