'use client';

import { useTranslations } from 'next-intl';
import { useLocale } from 'next-intl';
import { useState } from 'react';
import { ReasonDialog } from '@/components/ReasonDialog';
import { DetailError, DetailLoading } from '@/components/DetailSection';
import { formatCurrency } from '@/components/format';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Dialog } from '@/components/ui/Dialog';
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
  const locale = useLocale();
  const init = useRejectInit(row?.id ?? null);
  const operate = useOperateWithdrawal();
  if (!row) return null;
  if (!init.data) {
    return (
      <Dialog open onClose={onClose} title={t('reject.title', { no: row.withdrawal_no })}>
        {init.isError ? <DetailError title={t('reject.loadError')} onRetry={() => void init.refetch()} /> : <DetailLoading />}
      </Dialog>
    );
  }
  const presets = init.data.reasons.map((reason) => ({ value: reason.label, label: locale.startsWith('zh') ? reason.label : reason.label_en || reason.label }));
  const choices = [...presets, { value: '', label: t('reject.other'), needsText: true }].map((choice, index) => ({ ...choice, value: choice.value || `other-${index}` }));
  const otherValue = choices[choices.length - 1]!.value;
  return (
    <ReasonDialog
      open
      onClose={onClose}
      title={t('reject.title', { no: row.withdrawal_no })}
      description={t('reject.description', { amount: formatCurrency(init.data.withdrawal.amount), merchant: init.data.withdrawal.merchant_name })}
      confirmLabel={t('reject.confirm')}
      reasonRequired
      danger
      choices={choices}
      maxLength={REJECT_REASON_MAX}
      labels={{ choice: t('reject.choice'), choiceRequired: t('reject.choiceRequired'), reason: t('reject.reason'), reasonOptional: t('reject.reasonOptional'), required: t('reject.required') }}
      onConfirm={async (text, choice) => {
        // A preset reason is sent in the catalogue's words (zh), with the person's note after it.
        const preset = choice && choice !== otherValue ? choice : '';
        const reason = [preset, text].filter(Boolean).join('；').slice(0, REJECT_REASON_MAX);
        await operate.mutateAsync({ id: row.id, action: 'reject', reason });
        notify({ kind: 'success', message: { raw: t('reject.done', { no: row.withdrawal_no }) } });
      }}
    />
  );
}
