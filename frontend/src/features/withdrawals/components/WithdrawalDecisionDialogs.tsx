'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { formatCurrency } from '@/components/format';
import { ReviewRejectDialog } from '@/components/review/ReviewRejectDialog';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { asApiError, type ApiError } from '@/lib/apiError';
import { notify } from '@/lib/notice';
import { approvalStep, REJECT_REASON_MAX, WITHDRAWAL_SAME_APPROVER } from '../lib/withdrawals';
import { useCancelWithdraw, useOperateWithdrawal, useRejectInit, type WithdrawalRow } from '../queries';
import { accountText } from './WithdrawalStatusBadge';

const CONFLICT = 409;

function useExplain() {
  const t = useTranslations('withdrawal');
  return (error: unknown, own: Partial<Record<number, string>> = {}) => {
    const apiError: ApiError | null = asApiError(error);
    if (!apiError) return t('failed');
    return own[apiError.code] ?? (apiError.code === CONFLICT ? t('conflict') : apiError.message || t('failed'));
  };
}

/** The store takes back a withdrawal not yet approved; the amount goes back to the balance. */
export function CancelWithdrawalDialog({ row, onClose }: { row: WithdrawalRow | null; onClose: () => void }) {
  const t = useTranslations('withdrawal');
  const cancel = useCancelWithdraw();
  const explain = useExplain();
  const [error, setError] = useState<string | null>(null);
  if (!row) return null;
  return (
    <ConfirmDialog
      open
      title={t('cancel.title')}
      message={t('cancel.message', { no: row.withdrawal_no, amount: formatCurrency(row.amount) })}
      confirmLabel={t('cancel.confirm')}
      danger
      loading={cancel.isPending}
      error={error}
      onClose={onClose}
      onConfirm={() => {
        setError(null);
        cancel.mutate(row.id, {
          onSuccess: () => {
            notify({ kind: 'success', message: { raw: t('cancel.done', { no: row.withdrawal_no }) } });
            onClose();
          },
          onError: (failure) => setError(explain(failure)),
        });
      }}
    />
  );
}

/**
 * The platform approves: it says whether this approval pays the money out or — above the
 * two-person threshold, the first one — waits for a second, different finance account.
 */
export function ApproveWithdrawalDialog({ row, onClose }: { row: WithdrawalRow | null; onClose: () => void }) {
  const t = useTranslations('withdrawal');
  const operate = useOperateWithdrawal();
  const explain = useExplain();
  const [error, setError] = useState<string | null>(null);
  if (!row) return null;
  const step = approvalStep(row);
  const amount = formatCurrency(row.amount);
  const message =
    step === 'first'
      ? t('approve.first', { amount })
      : row.needs_two
        ? t('approve.second', { amount, account: accountText(row) || t('approve.accountUnknown') })
        : t('approve.pays', { amount, account: accountText(row) || t('approve.accountUnknown') });
  return (
    <ConfirmDialog
      open
      title={t('approve.title', { no: row.withdrawal_no })}
      message={message}
      confirmLabel={step === 'first' ? t('approve.confirmFirst') : t('approve.confirm')}
      loading={operate.isPending}
      error={error}
      onClose={onClose}
      onConfirm={() => {
        setError(null);
        operate.mutate(
          { id: row.id, action: 'approve' },
          {
            onSuccess: (saved) => {
              notify({ kind: 'success', message: { raw: saved.status === 'reviewing' ? t('approve.doneFirst', { no: row.withdrawal_no }) : t('approve.done', { no: row.withdrawal_no }) } });
              onClose();
            },
            onError: (failure) => setError(explain(failure, { [WITHDRAWAL_SAME_APPROVER]: t('approve.sameApprover') })),
          },
        );
      }}
    />
  );
}

/** The platform rejects with a reason: one of the preset reasons (initDetailForReject) or its own words. */
export function RejectWithdrawalDialog({ row, onClose }: { row: WithdrawalRow | null; onClose: () => void }) {
  const t = useTranslations('withdrawal');
  const init = useRejectInit(row?.id ?? null);
  const operate = useOperateWithdrawal();
  if (!row) return null;
  const withdrawal = init.data?.withdrawal;
  return (
    <ReviewRejectDialog
      onClose={onClose}
      title={t('reject.title', { no: row.withdrawal_no })}
      description={withdrawal && t('reject.description', { amount: formatCurrency(withdrawal.amount), merchant: withdrawal.merchant_name })}
      presets={init.data?.reasons}
      presetsFailed={init.isError}
      onRetry={() => void init.refetch()}
      loadErrorTitle={t('reject.loadError')}
      otherLabel={t('reject.other')}
      confirmLabel={t('reject.confirm')}
      maxLength={REJECT_REASON_MAX}
      labels={{ choice: t('reject.choice'), choiceRequired: t('reject.choiceRequired'), reason: t('reject.reason'), reasonOptional: t('reject.reasonOptional'), required: t('reject.required') }}
      onReject={async (reason) => {
        await operate.mutateAsync({ id: row.id, action: 'reject', reason });
        notify({ kind: 'success', message: { raw: t('reject.done', { no: row.withdrawal_no }) } });
      }}
    />
  );
}
