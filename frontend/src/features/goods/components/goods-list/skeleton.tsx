'use client';

import { useTranslations } from 'next-intl';
import { TableSkeleton } from '../common/ListStates';

export function GoodsTableSkeleton() {
  const t = useTranslations('goods.list');
  return <TableSkeleton columns={7} label={t('loading')} />;
}
