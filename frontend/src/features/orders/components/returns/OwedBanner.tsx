'use client';

import type { ReactNode } from 'react';
import { formatCurrency } from '@/components/format';
import { useOrderText } from '../labels';

/**
 * An order that ended owing (issue 24: the goods are back, something is still asked): how
 * much, and what can be done about it. Shown on the order and on its bills.
 */
export function OwedBanner({ detail, actions }: { detail: { owed_amount?: string | null }; actions?: ReactNode }) {
  const { t } = useOrderText();
  return (
    <section aria-label={t('owing.bannerLabel')} data-testid="owed-banner" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3">
      <div className="min-w-0">
        <p className="text-sm font-semibold text-red-800">{t('owing.banner', { amount: formatCurrency(detail.owed_amount) })}</p>
        <p className="text-xs text-red-700">{t('owing.bannerHint')}</p>
      </div>
      {actions}
    </section>
  );
}
