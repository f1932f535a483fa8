'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { notify } from '@/lib/notice';
import { asApiError } from '../../lib/apiError';
import { useReviewGoods } from '../../queries';
import type { PlatformGoodsRow } from '../../types';
import { Textarea } from '@/components/ui/fields';

export const REVIEW_REASON_MAX = 300;

/** The platform decides on goods a merchant submitted: approve (on shelf) or turn down with a reason. */
export function ReviewDialog({ goods, onClose }: { goods: PlatformGoodsRow; onClose: () => void }) {
  const t = useTranslations('goods.review');
  const tc = useTranslations('common');
  const review = useReviewGoods();
  const [reason, setReason] = useState('');
  const [decision, setDecision] = useState<'approve' | 'reject' | null>(null);
  const [errors, setErrors] = useState<{ reason?: string; form?: string }>({});

  const decide = (approve: boolean) => {
    const text = reason.trim();
    if (!approve && !text) {
      setErrors({ reason: t('reasonRequired') });
      return;
    }
    setErrors({});
    setDecision(approve ? 'approve' : 'reject');
    review.mutate(
      { id: goods.id, approve, reason: approve ? '' : text },
      {
        onSuccess: () => {
          notify({ kind: 'success', message: { raw: t(approve ? 'approved' : 'rejected', { title: goods.title }) } });
          onClose();
        },
        onError: (error) => {
          const fields = asApiError(error)?.failure.fields ?? {};
          setErrors({ reason: fields.reason?.join('; '), form: error.message });
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('title')}
      width={520}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {tc('cancel')}
          </Button>
          <Button variant="danger" loading={review.isPending && decision === 'reject'} disabled={review.isPending} onClick={() => decide(false)}>
            {t('reject')}
          </Button>
          <Button loading={review.isPending && decision === 'approve'} disabled={review.isPending} onClick={() => decide(true)}>
            {t('approve')}
          </Button>
        </>
      }
    >
      <p className="mb-4 text-sm text-slate-700">{t('intro', { title: goods.title, merchant: goods.merchant_name })}</p>
      <Textarea
        label={t('reason')}
        rows={3}
        maxLength={REVIEW_REASON_MAX}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={errors.reason}
      />
      <p className="mt-2 text-xs text-slate-500">{t('hint', { max: REVIEW_REASON_MAX })}</p>
      {errors.form && !errors.reason && (
        <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {errors.form}
        </p>
      )}
    </Dialog>
  );
}
