'use client';

import { useTranslations } from 'next-intl';
import { NoMatches, TableEmpty } from '@/components/data-table/TableStates';

export function NoOrders() {
  const t = useTranslations('order.list');
  return <TableEmpty title={t('emptyTitle')} description={t('emptyHint')} />;
}

export function NoMatchingOrders({ onClear }: { onClear: () => void }) {
  const t = useTranslations('order.list');
  return <NoMatches title={t('noMatchTitle')} onClear={onClear} />;
}
