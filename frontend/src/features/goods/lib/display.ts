/** Whether the platform shows a merchant's goods on its own storefront (the platform decides). */
import type { GoodsStatus } from '../types';

export type StorefrontDisplay = 'shown' | 'notShown';

/** Only goods on shelf can be shown; for others the question does not arise (null). */
export function storefrontDisplay(goods: { status: GoodsStatus | string; force_down: boolean; display_status: boolean }): StorefrontDisplay | null {
  if (goods.status !== 'on_shelf' || goods.force_down) return null;
  return goods.display_status ? 'shown' : 'notShown';
}
