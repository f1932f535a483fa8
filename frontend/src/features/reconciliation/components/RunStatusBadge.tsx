'use client';

import { useTranslations } from 'next-intl';
import { StatusBadge } from '@/components/StatusBadge';
import { isRunStatus, runTone } from '../lib/reconciliation';

export function RunStatusBadge({ status, fallback }: { status: string; fallback?: string }) {
  const t = useTranslations('reconciliation.status');
  return <StatusBadge tone={runTone(status)}>{isRunStatus(status) ? t(status) : fallback || status}</StatusBadge>;
}

/** A difference is open (amber) until a finance account resolves it (green). */
export function MismatchStatusBadge({ status }: { status: string }) {
  const t = useTranslations('reconciliation.mismatch');
  return <StatusBadge tone={status === 'open' ? 'amber' : 'green'}>{status === 'open' ? t('open') : t('resolved')}</StatusBadge>;
}
