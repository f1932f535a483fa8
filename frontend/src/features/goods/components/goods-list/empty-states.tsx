'use client';

import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { NoMatches } from '@/components/data-table/TableStates';
import { EmptyState } from '@/components/ui/EmptyState';

/** No goods at all: start with the editor. */
export function NoGoods({ canCreate }: { canCreate: boolean }) {
  const t = useTranslations('goods.list');
  return (
    <EmptyState
      title={t('emptyTitle')}
      description={t('emptyHint')}
      action={
        canCreate ? (
          <Link href="/product" className="inline-flex rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-brand-700">
            {t('create')}
          </Link>
        ) : undefined
      }
    />
  );
}

/** Filters match nothing: offer to clear them. */
export function NoMatchingGoods({ onClear }: { onClear: () => void }) {
  const t = useTranslations('goods.list');
  return <NoMatches title={t('noMatchTitle')} description={t('noMatchHint')} onClear={onClear} />;
}
