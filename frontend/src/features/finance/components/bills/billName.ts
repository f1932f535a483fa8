'use client';

import { useCallback } from 'react';
import { CHARGE_KINDS } from '@/features/orders/lib/returns';
import { useOrderText } from '@/features/orders/components/labels';

/**
 * A bill as people name it: "第 3 期" for rent, "买断款" for the buyout, "损坏赔偿" or
 * "提前退租违约金" for a charge raised when the goods came back.
 */
export function useBillName() {
  const { t, label } = useOrderText();
  return useCallback(
    (bill: { period: number; kind?: string | null; kind_name?: string }): string => {
      if (bill.kind && CHARGE_KINDS.has(bill.kind)) return label('bills.kinds', bill.kind, bill.kind_name);
      if (bill.kind === 'buyout' || bill.period === 0) return t('bills.buyoutPeriod');
      return t('bills.period', { period: bill.period });
    },
    [t, label],
  );
}
