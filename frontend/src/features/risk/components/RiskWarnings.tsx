'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { formatCurrency } from '@/components/format';
import type { RiskBalance } from '../queries';

export const RISK_RECHARGE_PATH = '/riskRecharge';
/** Where the auditor finds the orders waiting for a manual audit. */
export const AWAITING_AUDIT_PATH = '/regularOrder?status=awaiting_audit';

/**
 * What the merchant must know about its risk balance: orders the intake could not check because
 * the balance was short (they wait for a manual audit), and a balance running low. Nothing when
 * all is well.
 */
export function RiskWarnings({ balance, canRecharge, canAudit }: { balance: RiskBalance | undefined; canRecharge: boolean; canAudit: boolean }) {
  const t = useTranslations('risk.warning');
  if (!balance || (!balance.low && balance.unchecked_orders === 0)) return null;
  const checksLeft = Math.round(Number(balance.low_threshold) / Math.max(Number(balance.intake_price), 0.01));
  return (
    <section aria-label={t('label')} role="alert" className="flex flex-col gap-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      {balance.unchecked_orders > 0 && (
        <p data-warning="unchecked" className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span>{t('unchecked', { count: balance.unchecked_orders })}</span>
          {canAudit && (
            <Link href={AWAITING_AUDIT_PATH} className="font-medium text-brand-700 underline-offset-2 hover:underline">
              {t('orders')}
            </Link>
          )}
        </p>
      )}
      {balance.low && (
        <p data-warning="low" className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span>{t('low', { balance: formatCurrency(balance.balance), count: checksLeft })}</span>
          {canRecharge && (
            <Link href={RISK_RECHARGE_PATH} className="font-medium text-brand-700 underline-offset-2 hover:underline">
              {t('recharge')}
            </Link>
          )}
        </p>
      )}
    </section>
  );
}
