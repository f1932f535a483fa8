'use client';

import type { ReactNode } from 'react';
import type { ColumnDef } from '@/components/data-table/types';
import { formatCurrency, formatDateTime } from '@/components/format';
import { Button } from '@/components/ui/Button';
import { Truncate } from '@/components/ui/Truncate';
import { ReviewDecisionButtons } from './ReviewActionButton';
import type { ReviewAction } from './reviewActions';

/** The catalogue keys every reviewed request's list has (`withdrawal.*`, `risk.*`), worded its own way. */
type ColumnKey = 'fields.merchant' | 'fields.amount' | 'fields.status' | 'fields.createdAt' | 'actions.detailOf' | 'actions.approve' | 'actions.approveOf' | 'actions.reject' | 'actions.rejectOf';

/** The feature's translator (`useTranslations('withdrawal')`), for the keys above. */
export type ReviewedColumnsTranslate = (key: ColumnKey, values?: { no: string }) => string;

/** What every reviewed request's row has (a withdrawal, a risk recharge). */
export interface ReviewedRow {
  merchant_name: string;
  amount: string;
  status: string;
  status_name?: string;
  created_at: string;
  actions?: readonly ReviewAction[];
}

/**
 * The columns a reviewed request's list shares (withdrawals, risk recharges): its number, which
 * opens its detail (named "details of … {no}"); the merchant (the platform's lists); the amount;
 * the status as the feature's badge; when it was sent.
 */
export function reviewedColumns<R extends ReviewedRow>({
  t,
  number,
  header,
  onOpen,
  badge,
}: {
  t: ReviewedColumnsTranslate;
  number: (row: R) => string;
  /** The number column's key and header (`withdrawal_no`, "提现单号"). */
  header: { id: string; label: string };
  onOpen: (row: R) => void;
  badge: (row: R) => ReactNode;
}) {
  const columns = {
    number: {
      id: header.id,
      header: header.label,
      cell: ({ row }) => (
        <Button variant="link" className="font-mono text-xs whitespace-nowrap" aria-label={t('actions.detailOf', { no: number(row.original) })} onClick={() => onOpen(row.original)}>
          {number(row.original)}
        </Button>
      ),
    },
    merchant: { id: 'merchant', header: t('fields.merchant'), cell: ({ row }) => <span className="block max-w-48"><Truncate text={row.original.merchant_name} /></span> },
    amount: { id: 'amount', header: t('fields.amount'), cell: ({ row }) => <span className="font-medium whitespace-nowrap tabular-nums">{formatCurrency(row.original.amount)}</span> },
    status: { id: 'status', header: t('fields.status'), cell: ({ row }) => badge(row.original) },
    createdAt: { id: 'created_at', header: t('fields.createdAt'), cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.created_at)}</span> },
  } satisfies Record<string, ColumnDef<R, unknown>>;
  return columns as Record<keyof typeof columns, ColumnDef<R, unknown>>;
}

/** The platform's approve and reject on a row, each named with the request's number and disabled with the server's reason. */
export function RowDecisions({ t, no, actions, onApprove, onReject }: { t: ReviewedColumnsTranslate; no: string; actions: readonly ReviewAction[] | undefined; onApprove?: () => void; onReject?: () => void }) {
  return (
    <ReviewDecisionButtons
      actions={actions}
      approve={onApprove && { label: t('actions.approve'), name: t('actions.approveOf', { no }), onClick: onApprove }}
      reject={onReject && { label: t('actions.reject'), name: t('actions.rejectOf', { no }), onClick: onReject }}
    />
  );
}
