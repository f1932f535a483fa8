'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { lazyDialog } from '@/components/lazyDialog';
import { Button } from '@/components/ui/Button';
import type { BulkAction } from '../../lib/orderBulk';
import type { OrderRow } from '../../queries';

// The three dialogs load together on the first press of a bulk action.
const OrderBulkDialog = lazyDialog(() => import('./OrderBulkDialog').then((module) => module.OrderBulkDialog), (props) => props.action !== null);

/**
 * The bar over the order list while rows are selected: what the session may do to all of them
 * at once. After a change the selection clears and the list and stage counts refresh.
 */
export function OrderBulkBar({ orders, actions, onClear }: { orders: readonly OrderRow[]; actions: readonly BulkAction[]; onClear: () => void }) {
  const t = useTranslations('orderBulk');
  const [action, setAction] = useState<BulkAction | null>(null);
  if (orders.length === 0 || actions.length === 0) return null;
  return (
    <div role="toolbar" aria-label={t('toolbar')} className="flex flex-wrap items-center gap-2 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm sm:px-4">
      <span className="mr-1 font-medium text-brand-800" aria-live="polite">
        {t('selected', { count: orders.length })}
      </span>
      {actions.map((item) => (
        <Button key={item} variant={item === 'close' ? 'danger' : 'secondary'} onClick={() => setAction(item)} aria-haspopup="dialog">
          {t(`actions.${item}`)}
        </Button>
      ))}
      <Button variant="ghost" onClick={onClear}>
        {t('clear')}
      </Button>
      <OrderBulkDialog
        action={action}
        orders={orders}
        onClose={() => setAction(null)}
        onDone={() => {
          setAction(null);
          onClear();
        }}
      />
    </div>
  );
}
