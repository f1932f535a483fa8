'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { StatusBadge } from '@/components/StatusBadge';
import { EMPTY_VALUE, formatCurrency } from '@/components/format';
import { humanize } from '@/components/history/auditText';
import { orderStatusTone } from '../lib/stages';

/** next-intl's translator for `order`, loosened: codes come from the server. */
export interface OrderTranslate {
  (key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
}

/**
 * Server codes (statuses, kinds, channels, units …) as words through the catalogue. A code
 * the catalogue does not know yet reads as the server's own label, else as words, never as
 * the bare code.
 */
export function useOrderText() {
  const t = useTranslations('order') as unknown as OrderTranslate;
  return useMemo(
    () => ({
      t,
      label(group: string, code: string | null | undefined, fallback?: string): string {
        if (!code) return fallback || EMPTY_VALUE;
        const key = `${group}.${code}`;
        return t.has(key) ? t(key) : fallback || humanize(code);
      },
      /** "12个月 · 每期 ¥1,237.00" for a lease, "售价 ¥3,999.00" for a purchase. */
      plan(order: { kind: string; term: number; term_unit: string; rent: string; sale_price: string }): string {
        if (order.kind === 'purchase') return t('plan.purchase', { price: formatCurrency(order.sale_price) });
        const unit = t.has(`termUnit.${order.term_unit}`) ? t(`termUnit.${order.term_unit}`) : humanize(order.term_unit);
        return t('plan.lease', { term: order.term, unit, rent: formatCurrency(order.rent) });
      },
    }),
    [t],
  );
}

export function OrderStatusBadge({ status, name }: { status: string; name?: string }) {
  const { label } = useOrderText();
  return <StatusBadge tone={orderStatusTone(status)}>{label('status', status, name)}</StatusBadge>;
}

/** SKU specs `{容量: 128G, 颜色: 黑色}` as "128G / 黑色" (the values are the shop's own words). */
export function specsText(specs: unknown): string {
  if (typeof specs !== 'object' || specs === null) return '';
  return Object.values(specs as Record<string, unknown>)
    .filter((value) => value !== null && value !== undefined && value !== '')
    .map(String)
    .join(' / ');
}
