'use client';

import { useParams, useSearchParams } from 'next/navigation';
import { useGlobalState } from '@/components/GlobalStateProvider';
import { parseId } from '@/components/DetailSection';
import { useLoginUserInfo } from '@/features/auth/queries';
import { hasAction } from '@/lib/access';
import { PLATFORM_ADMIN } from '@/lib/platform';
import type { OrderListScope } from '../../lib/stages';
import type { OrderRef } from '../../queries';

/**
 * What an order's pages (detail, bills) read from the route and the session: the order (the
 * platform names its merchant too), the side, and which list is "back".
 */
export function useOrderPage(param: 'id' | 'order_id') {
  const params = useParams<Record<string, string>>();
  const search = useSearchParams();
  const platformType = useGlobalState((state) => state.platformType);
  const auth = useGlobalState((state) => state.auth);
  const platform = platformType === PLATFORM_ADMIN;
  const subShop = useLoginUserInfo(platformType).data?.user.sub_shop ?? null;
  const id = parseId(params[param] ?? null);
  const merchantId = parseId(search.get('merchant_id'));
  const orderRef: OrderRef | null = id === null || (platform && merchantId === null) ? null : { id, merchantId: platform ? merchantId : null };
  // Staff who read only sub-shop orders go back to the sub-shop lists.
  const scope: OrderListScope = !platform && (subShop !== null || !hasAction(auth, 'order.view')) ? 'sub' : 'main';
  return { id, orderRef, platform, scope, subMerchant: subShop !== null, auth, missingMerchant: platform && id !== null && merchantId === null };
}
