'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/Button';
import { NoMatches } from '@/components/data-table/TableStates';
import { EmptyState } from '@/components/ui/EmptyState';
import type { StaffSide } from '../../lib/staffRoles';

export function NoStaff({ side, onCreate }: { side: StaffSide; onCreate: () => void }) {
  const t = useTranslations('staff.list');
  return <EmptyState title={t('emptyTitle')} description={t(side === 'platform' ? 'emptyHintPlatform' : 'emptyHint')} action={<Button onClick={onCreate}>{t('create')}</Button>} />;
}

export function NoMatchingStaff({ onClear }: { onClear: () => void }) {
  const t = useTranslations('staff.list');
  return <NoMatches title={t('noMatchTitle')} onClear={onClear} />;
}
