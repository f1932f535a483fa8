'use client';

import { useTranslations } from 'next-intl';
import { formatDate } from '@/components/format';
import type { OrderDetail } from '@/features/orders/queries';
import type { LadderAction } from '../../lib/overdueLadder';

/** Where the order stands on the shop's overdue ladder (orderInfo's `overdue_state`); nothing when clear. */
export function OverdueStateLine({ state }: { state: OrderDetail['overdue_state'] | undefined }) {
  const t = useTranslations('finance.ladder');
  if (!state || state.status !== 'overdue' || !state.step_action) return null;
  return (
    <p data-overdue-state className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {t('stateLine', {
        action: t(`actions.${state.step_action as LadderAction}`),
        stepDays: state.step_days ?? 0,
        date: state.reached_on ? formatDate(state.reached_on) : '',
        days: state.days_past_due,
      })}
    </p>
  );
}
