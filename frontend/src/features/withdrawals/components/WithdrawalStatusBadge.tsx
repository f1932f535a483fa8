'use client';

import { useTranslations } from 'next-intl';
import { StatusBadge } from '@/components/StatusBadge';
import { isWithdrawalStatus, statusTone } from '../lib/withdrawals';

export function WithdrawalStatusBadge({ status, fallback }: { status: string; fallback?: string }) {
  const t = useTranslations('withdrawal.status');
  return <StatusBadge tone={statusTone(status)}>{isWithdrawalStatus(status) ? t(status) : fallback || status}</StatusBadge>;
}

/** "招商银行 · 张三 · 6222 **** 1234": the number comes masked from the server. */
export function accountText(row: { bank_name: string; account_name: string; account_number: string }): string {
  return [row.bank_name, row.account_name, row.account_number].filter(Boolean).join(' · ');
}
