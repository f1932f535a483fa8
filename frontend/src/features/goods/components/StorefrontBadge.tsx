'use client';

import { useTranslations } from 'next-intl';
import { StatusBadge } from '@/components/StatusBadge';
import { storefrontDisplay } from '../lib/display';
import type { GoodsStatus } from '../types';

/**
 * Store side: whether the platform shows goods on shelf on its own storefront. The platform
 * decides (its /productManage display switch); the hover says so.
 */
export function StorefrontBadge({ goods }: { goods: { status: GoodsStatus | string; force_down: boolean; display_status: boolean } }) {
  const t = useTranslations('goods.display');
  const display = storefrontDisplay(goods);
  if (!display) return null;
  return (
    <StatusBadge tone={display === 'shown' ? 'sky' : 'slate'} title={t('hint')}>
      {t(display)}
    </StatusBadge>
  );
}
