'use client';

import { useTranslations } from 'next-intl';
import { StatusBadge } from '@/components/StatusBadge';
import { gradeTone, isRechargeStatus, rechargeTone } from '../lib/risk';

export function RechargeStatusBadge({ status, fallback }: { status: string; fallback?: string }) {
  const t = useTranslations('risk.status');
  return <StatusBadge tone={rechargeTone(status)}>{isRechargeStatus(status) ? t(status) : fallback || status}</StatusBadge>;
}

/** "B · 712": the grade's tone says pass (A/B), look (C) or refuse (D/E). */
export function GradeBadge({ grade, score }: { grade: string; score?: number | null }) {
  return <StatusBadge tone={gradeTone(grade)}>{score === null || score === undefined ? grade || '-' : `${grade} · ${score}`}</StatusBadge>;
}
