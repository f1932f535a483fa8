'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/Button';
import { NoMatches } from '@/components/data-table/TableStates';
import { EmptyState } from '@/components/ui/EmptyState';

/** No merchant at all: the first step is onboarding one. */
export function NoMerchants({ onOnboard }: { onOnboard?: () => void }) {
  const t = useTranslations('merchant.list');
  return <EmptyState title={t('emptyTitle')} description={t('emptyHint')} action={onOnboard && <Button onClick={onOnboard}>{t('onboard')}</Button>} />;
}

/** Filters that match nothing: offer to clear them. */
export function NoMatchingMerchants({ onClear }: { onClear: () => void }) {
  const t = useTranslations('merchant.list');
  return <NoMatches title={t('noMatchTitle')} description={t('noMatchHint')} onClear={onClear} />;
}
