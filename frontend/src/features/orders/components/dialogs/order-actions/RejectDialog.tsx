'use client';

import { useLocale } from 'next-intl';
import { ReasonDialog } from '@/components/ReasonDialog';
import { useDealAfterSale, useRejectReasons } from '../../../queries';
import { useOrderText } from '../../labels';
import { type OrderActionDialogProps, useDone } from './shared';

export function RejectDialog({ orderRef, onClose }: OrderActionDialogProps) {
  const { t } = useOrderText();
  const locale = useLocale();
  const reasons = useRejectReasons();
  const deal = useDealAfterSale(orderRef);
  const done = useDone();
  const choices = (reasons.data ?? []).map((reason) => ({ value: reason.code, label: locale === 'en' ? reason.label_en : reason.label, needsText: reason.code === 'other' }));
  return (
    <ReasonDialog
      open
      onClose={onClose}
      title={t('dialogs.rejectTitle')}
      confirmLabel={t('actions.after_sale_reject')}
      reasonRequired
      danger
      maxLength={300}
      choices={choices.length > 0 ? choices : undefined}
      hint={reasons.isError ? t('dialogs.optionsError') : undefined}
      onConfirm={(reason, choice) => deal.mutateAsync({ decision: 'reject', reject_code: choice ?? 'other', reason }).then(done)}
    />
  );
}
