'use client';

import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useGlobalState } from '@/components/GlobalStateProvider';
import { skuUnitsHref, STOCK_RECEIPTS_HREF } from '@/features/assets/lib/units';
import { hasAction } from '@/lib/access';
import type { TrackedParts } from '../../lib/trackedStock';

/** A tracked SKU's stock with the two figures it comes from: "可租 5（在库 8，订单预留 3）". */
export function useTrackedStockText(): (parts: TrackedParts) => string {
  const t = useTranslations('goods.stock.tracked');
  return (parts) => t('parts', { available: parts.available, inStock: parts.inStock, reserved: parts.reserved });
}

const LINK = 'text-brand-600 hover:text-brand-700 hover:underline';

/**
 * Where a tracked SKU's stock changes instead of a typed count: receiving units on a stock
 * receipt, and its units (the units list filtered to the SKU) to adjust. A link the session
 * has no right to open is not offered; the line says which right it needs.
 */
export function TrackedStockLinks({ skuId, sku, receive = true }: { skuId: number; sku: string; receive?: boolean }) {
  const t = useTranslations('goods.stock.tracked');
  const auth = useGlobalState((state) => state.auth);
  const canView = hasAction(auth, 'asset.view');
  const canReceive = hasAction(auth, 'asset.receive');
  return (
    <span className="flex flex-wrap gap-x-3 gap-y-1 text-xs">
      {canView ? (
        <Link href={skuUnitsHref(skuId)} className={LINK} aria-label={t('unitsOf', { sku })}>
          {t('units')}
        </Link>
      ) : (
        <span className="text-slate-500">{t('noUnitsRight')}</span>
      )}
      {receive &&
        (canReceive ? (
          <Link href={STOCK_RECEIPTS_HREF} className={LINK}>
            {t('receive')}
          </Link>
        ) : (
          <span className="text-slate-500">{t('noReceiveRight')}</span>
        ))}
    </span>
  );
}
