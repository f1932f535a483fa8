'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';

export function NoRuns() {
  const t = useTranslations('reconciliation.list');
  return <EmptyState title={t('emptyTitle')} description={t('emptyHint')} />;
}

export function NoMatchingRuns({ onClear }: { onClear: () => void }) {
  const t = useTranslations('reconciliation.list');
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
