'use client';

import type { ColumnDef } from '@/components/data-table/types';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { formatCurrency, formatDateTime, orDash } from '@/components/format';
import { Button } from '@/components/ui/Button';
import { Truncate } from '@/components/ui/Truncate';
import { ReviewActionButton, ReviewDecisionButtons } from '@/components/review/ReviewActionButton';
import type { WithdrawalRow } from '../../queries';
import { accountText, WithdrawalStatusBadge } from '../WithdrawalStatusBadge';

export interface WithdrawalRowActions {
  onOpen: (row: WithdrawalRow) => void;
  /** The store's: take back a withdrawal not yet approved. */
  onCancel?: (row: WithdrawalRow) => void;
  /** The platform's decisions. */
  onApprove?: (row: WithdrawalRow) => void;
  onReject?: (row: WithdrawalRow) => void;
}

export function useWithdrawalColumns({ platform, actions }: { platform: boolean; actions: WithdrawalRowActions }): ColumnDef<WithdrawalRow, unknown>[] {
  const t = useTranslations('withdrawal');
  return useMemo(() => {
    const columns: ColumnDef<WithdrawalRow, unknown>[] = [
      {
        id: 'withdrawal_no',
        header: t('fields.withdrawalNo'),
        cell: ({ row }) => (
          <Button variant="link" className="font-mono text-xs whitespace-nowrap" aria-label={t('actions.detailOf', { no: row.original.withdrawal_no })} onClick={() => actions.onOpen(row.original)}>
            {row.original.withdrawal_no}
          </Button>
        ),
      },
    ];
    if (platform) {
      columns.push({ id: 'merchant', header: t('fields.merchant'), cell: ({ row }) => <span className="block max-w-48"><Truncate text={row.original.merchant_name} /></span> });
    }
    columns.push(
      { id: 'amount', header: t('fields.amount'), cell: ({ row }) => <span className="font-medium whitespace-nowrap tabular-nums">{formatCurrency(row.original.amount)}</span> },
      { id: 'status', header: t('fields.status'), cell: ({ row }) => <WithdrawalStatusBadge status={row.original.status} fallback={row.original.status_name} /> },
      { id: 'account', header: t('fields.account'), cell: ({ row }) => <span className="block max-w-56 text-xs"><Truncate text={orDash(accountText(row.original))} /></span> },
      { id: 'created_at', header: t('fields.createdAt'), cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.created_at)}</span> },
      { id: 'paid_at', header: t('fields.paidAt'), cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.paid_at)}</span> },
      {
        id: 'reason',
        header: t('fields.reason'),
        cell: ({ row }) => <span className="block max-w-56 text-xs"><Truncate text={orDash(row.original.reject_reason || row.original.failure_reason)} /></span>,
      },
      {
        id: 'actions',
        header: t('fields.actions'),
        cell: ({ row }) => {
          const no = row.original.withdrawal_no;
          const offered = row.original.actions;
          return (
            <div className="flex items-center gap-3 whitespace-nowrap">
              <Button variant="link" aria-label={t('actions.detailOf', { no })} onClick={() => actions.onOpen(row.original)}>
                {t('actions.detail')}
              </Button>
              {!platform && actions.onCancel && (
                <ReviewActionButton variant="link" actions={offered} name="cancel" aria-label={t('actions.cancelOf', { no })} onClick={() => actions.onCancel?.(row.original)}>
                  {t('actions.cancel')}
                </ReviewActionButton>
              )}
              {platform && (
                <ReviewDecisionButtons
                  actions={offered}
                  approve={actions.onApprove && { label: t('actions.approve'), name: t('actions.approveOf', { no }), onClick: () => actions.onApprove?.(row.original) }}
                  reject={actions.onReject && { label: t('actions.reject'), name: t('actions.rejectOf', { no }), onClick: () => actions.onReject?.(row.original) }}
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
