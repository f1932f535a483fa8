'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { StatusBadge } from '@/components/StatusBadge';
import { isGrade, isUnitStatus, unitStatusTone } from '../lib/units';

/** A unit's status from the catalogue (the server's label for a status this screen does not know). */
export function UnitStatusBadge({ status, label }: { status: string; label?: string }) {
  const t = useTranslations('assets.status');
  return <StatusBadge tone={unitStatusTone(status)}>{isUnitStatus(status) ? t(status) : label || status}</StatusBadge>;
}

/** A grade is the goods' fineness it can be sold as: one vocabulary, the goods' words. */
export function useGradeName() {
  const t = useTranslations('goods.fineness');
  return useCallback((grade: string, label?: string) => (isGrade(grade) ? t(grade) : label || grade), [t]);
}
