'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { DetailSection } from '@/components/DetailSection';
import { formatCurrency } from '@/components/format';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { Stats, type StatItem } from '@/components/ui/Stats';
import { isPositive } from '@/features/orders/lib/money';
import { useOverdueMoney, type OrderRef, type OverdueMoney } from '@/features/orders/queries';
import { useOrderText } from '@/features/orders/components/labels';

/** Damage or an early-return fee is among what is owed (an answer without the figure: none). */
function owesCharges(money: Partial<Pick<OverdueMoney, 'charges_owed'>>): boolean {
  return isPositive(money.charges_owed ?? '0.00');
}

function overdueItems(money: OverdueMoney, t: ReturnType<typeof useOrderText>['t']): StatItem[] {
  const owedTone = (amount: string) => (isPositive(amount) ? 'danger' : 'muted');
  return [
    { id: 'overdueBills', label: t('overdueMoney.overdueBills'), value: t('overdueMoney.billsCount', { count: money.overdue_bills }), tone: money.overdue_bills > 0 ? 'danger' : 'muted' },
    { id: 'overdueRent', label: t('overdueMoney.overdueRent'), value: formatCurrency(money.overdue_rent), tone: owedTone(money.overdue_rent) },
    { id: 'lateFeeOwed', label: t('overdueMoney.lateFeeOwed'), value: formatCurrency(money.late_fee_owed), tone: owedTone(money.late_fee_owed) },
    ...(owesCharges(money) ? [{ id: 'chargesOwed', label: t('overdueMoney.chargesOwed'), value: formatCurrency(money.charges_owed), tone: owedTone(money.charges_owed) } satisfies StatItem] : []),
    { id: 'total', label: t('overdueMoney.total'), value: formatCurrency(money.total), tone: owedTone(money.total) },
  ];
}

/**
 * What an order owes for lateness (getOverdueMoney): overdue bills, their unpaid rent, the late
 * fee still owed, the charges (damage, an early-return fee: then the card is titled what is
 * owed, not overdue) and the total. The bill screen shows it in full at the top (with what was
 * accrued, waived and paid); the order's detail shows it compact, with `actions` (a link to
 * the bills).
 */
export function OverdueMoneySummary({ orderRef, compact = false, actions }: { orderRef: OrderRef; compact?: boolean; actions?: ReactNode }) {
  const { t } = useOrderText();
  const common = useTranslations('common');
  const query = useOverdueMoney(orderRef);
  let body: ReactNode;
  if (query.isPending) {
    body = (
      <p className="text-sm">
        <Spinner label={t('overdueMoney.loading')} />
      </p>
    );
  } else if (query.isError) {
    body = (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700">
        {t('overdueMoney.loadError')}
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {common('retry')}
        </Button>
      </div>
    );
  } else {
    const money = query.data;
    const nothingOwed = money.overdue_bills === 0 && !isPositive(money.total) && !isPositive(money.late_fee);
    body = (
      <div className="flex flex-col gap-3">
        {nothingOwed && !compact ? <p className="text-sm text-slate-600">{t('overdueMoney.none')}</p> : <Stats items={overdueItems(money, t)} compact={compact} />}
        {!compact && isPositive(money.late_fee) && (
          <p className="text-xs text-slate-500">
            {t('overdueMoney.lateFeeBreakdown', { accrued: formatCurrency(money.late_fee), waived: formatCurrency(money.late_fee_waived), paid: formatCurrency(money.late_fee_paid) })}
          </p>
        )}
      </div>
    );
  }
  return (
    <DetailSection id={compact ? 'order-overdue-money' : 'bills-overdue-money'} title={query.data && owesCharges(query.data) ? t('overdueMoney.titleOwed') : t('overdueMoney.title')} actions={actions}>
      {body}
    </DetailSection>
  );
}
