'use client';

import { useTranslations } from 'next-intl';
import { ReasonDialog } from '@/components/ReasonDialog';
import { useCorrectRecord, type CreditRecord } from '../queries';

/** Corrects a record: a new record derived again from the order replaces it. */
export function CorrectRecordDialog({ record, onClose }: { record: CreditRecord; onClose: () => void }) {
  const t = useTranslations('credit.correct');
  const correct = useCorrectRecord();
  return (
    <ReasonDialog
      open
      title={t('title')}
      description={t('description', { no: record.record_no })}
      confirmLabel={t('confirm')}
      reasonRequired
      maxLength={200}
      onClose={onClose}
      onConfirm={(reason: string) => correct.mutateAsync({ record_id: record.id, reason })}
    />
  );
}
