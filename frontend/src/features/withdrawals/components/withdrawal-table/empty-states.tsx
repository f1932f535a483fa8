'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { NoMatches } from '@/components/data-table/TableStates';
import { EmptyState } from '@/components/ui/EmptyState';

export function NoWithdrawals({ canApply }: { canApply: boolean }) {
  const t = useTranslations('withdrawal.list');
  return (
    <EmptyState
      title={t('emptyTitle')}
      description={canApply ? t('emptyHint') : undefined}
      action={canApply && <Link href="/applyWithdrawal" className="text-sm font-medium text-brand-600 hover:text-brand-700 hover:underline">{t('apply')}</Link>}
    />
  );
}

export function NoMatchingWithdrawals({ onClear }: { onClear: () => void }) {
  const t = useTranslations('withdrawal.list');
  return <NoMatches title={t('noMatchTitle')} onClear={onClear} />;
}
