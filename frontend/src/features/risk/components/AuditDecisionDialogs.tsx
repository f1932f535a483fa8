'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { DetailError, DetailLoading } from '@/components/DetailSection';
import { ReasonDialog } from '@/components/ReasonDialog';
import { formatCurrency } from '@/components/format';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Dialog } from '@/components/ui/Dialog';
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
  const locale = useLocale();
  const detail = useRechargeDetail(row.id);
  const check = useCheckRecharge();
  const [key] = useState(() => newIdempotencyKey('risk-check'));
  const title = t('audit.rejectTitle', { no: row.recharge_no });
  if (!detail.data) {
    return (
      <Dialog open onClose={onClose} title={title}>
        {detail.isError ? <DetailError title={t('audit.reasonsError')} onRetry={() => void detail.refetch()} /> : <DetailLoading />}
      </Dialog>
    );
  }
  const presets = detail.data.reject_reasons.map((reason) => ({ value: reason.label, label: locale.startsWith('zh') ? reason.label : reason.label_en || reason.label }));
  const choices = [...presets, { value: 'other', label: t('audit.other'), needsText: true }];
  return (
    <ReasonDialog
      open
      onClose={onClose}
      title={title}
      description={t('audit.rejectDescription', { merchant: row.merchant_name, amount: formatCurrency(row.amount) })}
      confirmLabel={t('audit.rejectConfirm')}
      reasonRequired
      danger
      choices={choices}
      maxLength={REJECT_REASON_MAX}
      labels={{ choice: t('audit.choice'), choiceRequired: t('audit.choiceRequired'), reason: t('audit.reason'), reasonOptional: t('audit.reasonOptional'), required: t('audit.required') }}
      onConfirm={async (text, choice) => {
        // A preset reason is sent in the catalogue's words (zh), with the person's note after it.
        const preset = choice && choice !== 'other' ? choice : '';
        const reason = [preset, text].filter(Boolean).join('；').slice(0, REJECT_REASON_MAX);
        await check.mutateAsync({ id: row.id, action: 'reject', reason, idempotency_key: key });
        notify({ kind: 'success', message: { raw: t('audit.rejected', { no: row.recharge_no }) } });
      }}
    />
  );
}
