'use client';

import { useTranslations } from 'next-intl';
import { NoMatches } from '@/components/data-table/TableStates';
import { EmptyState } from '@/components/ui/EmptyState';

export function NoRuns() {
  const t = useTranslations('reconciliation.list');
  return <EmptyState title={t('emptyTitle')} description={t('emptyHint')} />;
}

export function NoMatchingRuns({ onClear }: { onClear: () => void }) {
  const t = useTranslations('reconciliation.list');
  return <NoMatches title={t('noMatchTitle')} onClear={onClear} />;
}
