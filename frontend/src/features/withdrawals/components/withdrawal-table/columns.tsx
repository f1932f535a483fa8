'use client';

import type { ColumnDef } from '@/components/data-table/types';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { formatDateTime, orDash } from '@/components/format';
import { Button } from '@/components/ui/Button';
import { Truncate } from '@/components/ui/Truncate';
import { ReviewActionButton } from '@/components/review/ReviewActionButton';
import { reviewedColumns, RowDecisions } from '@/components/review/reviewedColumns';
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
    const shared = reviewedColumns<WithdrawalRow>({
      t,
      number: (row) => row.withdrawal_no,
      header: { id: 'withdrawal_no', label: t('fields.withdrawalNo') },
      onOpen: actions.onOpen,
      badge: (row) => <WithdrawalStatusBadge status={row.status} fallback={row.status_name} />,
    });
    const columns: ColumnDef<WithdrawalRow, unknown>[] = [shared.number];
    if (platform) columns.push(shared.merchant);
    columns.push(
      shared.amount,
      shared.status,
      { id: 'account', header: t('fields.account'), cell: ({ row }) => <span className="block max-w-56 text-xs"><Truncate text={orDash(accountText(row.original))} /></span> },
      shared.createdAt,
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
                <RowDecisions
                  t={t}
                  no={no}
                  actions={offered}
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
