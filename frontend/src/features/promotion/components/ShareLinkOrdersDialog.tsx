'use client';

import type { ColumnDef } from '@/components/data-table/types';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table/DataTable';
import { Pagination } from '@/components/data-table/Pagination';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { formatCurrency, formatDateTime } from '@/components/format';
import { useShareLinkOrders, type ShareLinkRow, type ShareOrderPage } from '../queries';

type OrderRow = ShareOrderPage['list'][number];

/** The orders placed through one link (customers masked), ten a page. */
export function ShareLinkOrdersDialog({ link, onClose }: { link: ShareLinkRow | null; onClose: () => void }) {
  const t = useTranslations('promotion.orders');
  const [page, setPage] = useState(1);
  const orders = useShareLinkOrders(link?.id ?? null, page);
  const columns = useMemo<ColumnDef<OrderRow, unknown>[]>(
    () => [
      {
        id: 'order_no',
        header: t('orderNo'),
        cell: ({ row }) => (
          <Link href={`/orderInfo/${row.original.id}`} className="font-mono text-xs text-brand-600 hover:underline">
            {row.original.order_no}
          </Link>
        ),
      },
      { id: 'customer', header: t('customer'), cell: ({ row }) => `${row.original.customer_name} ${row.original.customer_phone}` },
      { id: 'goods', header: t('goods'), cell: ({ row }) => <span className="line-clamp-2 max-w-48">{row.original.goods_title}</span> },
      { id: 'status', header: t('status'), cell: ({ row }) => row.original.status_name },
      {
        id: 'amount',
        header: t('amount'),
        cell: ({ row }) => <span className="tabular-nums">{formatCurrency(row.original.kind === 'lease' ? row.original.total_rent : row.original.sale_price)}</span>,
      },
      { id: 'created_at', header: t('createdAt'), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(row.original.created_at)}</span> },
    ],
    [t],
  );
  return (
    <Dialog
      open={link !== null}
      onClose={onClose}
      width={760}
      title={link ? t('title', { name: link.name }) : t('tableLabel')}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('close')}
        </Button>
      }
    >
      <DataTable
        label={t('tableLabel')}
        columns={columns}
        rows={orders.data?.list}
        isPending={orders.isPending}
        isFetching={orders.isPlaceholderData}
        isError={orders.isError}
        onRetry={() => void orders.refetch()}
        errorTitle={t('loadError')}
        getRowId={(row) => String(row.id)}
        empty={<EmptyState title={t('empty')} />}
        footer={orders.data && orders.data.total > 10 && <Pagination page={page} pageSize={10} total={orders.data.total} capped={orders.data.total_capped} sizes={null} onChange={(patch) => setPage(patch.page ?? 1)} />}
      />
    </Dialog>
  );
}
