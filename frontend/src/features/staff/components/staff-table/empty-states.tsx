'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';

export function NoStaff({ onCreate }: { onCreate: () => void }) {
  const t = useTranslations('staff.list');
  return <EmptyState title={t('emptyTitle')} description={t('emptyHint')} action={<Button onClick={onCreate}>{t('create')}</Button>} />;
}

export function NoMatchingStaff({ onClear }: { onClear: () => void }) {
  const t = useTranslations('staff.list');
  return (
    <EmptyState
      title={t('noMatchTitle')}
      action={
        <Button variant="secondary" onClick={onClear}>
          {t('clearFilters')}
        </Button>
      }
    />
  );
}
