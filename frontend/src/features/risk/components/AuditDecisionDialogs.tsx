'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { formatCurrency } from '@/components/format';
import { ReviewRejectDialog } from '@/components/review/ReviewRejectDialog';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { asApiError } from '@/lib/apiError';
import { newIdempotencyKey } from '@/lib/idempotency';
import { notify } from '@/lib/notice';
import { CONFLICT, IDEMPOTENCY_KEY_REUSED, REJECT_REASON_MAX } from '../lib/risk';
import { useCheckRecharge, useRechargeDetail, type RechargeRow } from '../queries';

function useExplain() {
  const t = useTranslations('risk');
  return (error: unknown) => {
    const apiError = asApiError(error);
    if (!apiError) return t('failed');
    if (apiError.code === CONFLICT) return t('conflict');
    if (apiError.code === IDEMPOTENCY_KEY_REUSED) return t('keyReused');
    return apiError.isTransport ? t('transport') : apiError.message || t('failed');
  };
}

/**
 * The platform approves a transfer: credited at once. The key is made when the dialog opens, so
 * pressing again after a lost answer is the same decision (credited once).
 */
export function ApproveRechargeDialog({ row, onClose }: { row: RechargeRow; onClose: () => void }) {
  const t = useTranslations('risk');
  const check = useCheckRecharge();
  const explain = useExplain();
  const [key] = useState(() => newIdempotencyKey('risk-check'));
  const [error, setError] = useState<string | null>(null);
  const amount = formatCurrency(row.amount);
  return (
    <ConfirmDialog
      open
      title={t('audit.approveTitle', { no: row.recharge_no })}
      message={t('audit.approveMessage', { merchant: row.merchant_name, amount })}
      confirmLabel={t('audit.approveConfirm')}
      loading={check.isPending}
      error={error}
      onClose={onClose}
      onConfirm={() => {
        setError(null);
        check.mutate(
          { id: row.id, action: 'approve', idempotency_key: key },
          {
            onSuccess: () => {
              notify({ kind: 'success', message: { raw: t('audit.approved', { no: row.recharge_no, amount }) } });
              onClose();
            },
            onError: (failure) => setError(explain(failure)),
          },
        );
      }}
    />
  );
}

/** The platform rejects a transfer with a reason the merchant sees: a preset (from the recharge's detail) or its own words. */
export function RejectRechargeDialog({ row, onClose }: { row: RechargeRow; onClose: () => void }) {
  const t = useTranslations('risk');
  const detail = useRechargeDetail(row.id);
  const check = useCheckRecharge();
  const [key] = useState(() => newIdempotencyKey('risk-check'));
  return (
    <ReviewRejectDialog
      onClose={onClose}
      title={t('audit.rejectTitle', { no: row.recharge_no })}
      description={t('audit.rejectDescription', { merchant: row.merchant_name, amount: formatCurrency(row.amount) })}
      presets={detail.data?.reject_reasons}
      presetsFailed={detail.isError}
      onRetry={() => void detail.refetch()}
      loadErrorTitle={t('audit.reasonsError')}
      otherLabel={t('audit.other')}
      confirmLabel={t('audit.rejectConfirm')}
      maxLength={REJECT_REASON_MAX}
      labels={{ choice: t('audit.choice'), choiceRequired: t('audit.choiceRequired'), reason: t('audit.reason'), reasonOptional: t('audit.reasonOptional'), required: t('audit.required') }}
      onReject={async (reason) => {
        await check.mutateAsync({ id: row.id, action: 'reject', reason, idempotency_key: key });
        notify({ kind: 'success', message: { raw: t('audit.rejected', { no: row.recharge_no }) } });
      }}
    />
  );
}
