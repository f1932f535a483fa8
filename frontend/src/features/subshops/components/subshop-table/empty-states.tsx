'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/Button';
import { NoMatches } from '@/components/data-table/TableStates';
import { EmptyState } from '@/components/ui/EmptyState';

export function NoSubShops({ onCreate }: { onCreate?: () => void }) {
  const t = useTranslations('subshop.list');
  return <EmptyState title={t('emptyTitle')} description={onCreate ? t('emptyHint') : undefined} action={onCreate && <Button onClick={onCreate}>{t('create')}</Button>} />;
}

export function NoMatchingSubShops({ onClear }: { onClear: () => void }) {
  const t = useTranslations('subshop.list');
  return <NoMatches title={t('noMatchTitle')} onClear={onClear} />;
}
