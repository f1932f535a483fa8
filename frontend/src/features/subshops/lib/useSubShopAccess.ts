'use client';

import { useGlobalState } from '@/components/GlobalStateProvider';
import { useLoginUserInfo } from '@/features/auth/queries';
import { hasAction } from '@/lib/access';

export const SUBSHOP_MANAGE = 'subshop.manage';

/**
 * What the signed-in store account may do with sub-shops. A sub-merchant (role sub_merchant) is
 * bound to one sub-shop and only views it; the server enforces the same (404 on siblings, 403 on
 * writes), this only hides what would be refused.
 */
export function useSubShopAccess() {
  const platformType = useGlobalState((state) => state.platformType);
  const auth = useGlobalState((state) => state.auth);
  const session = useLoginUserInfo(platformType);
  const ownSubShop = session.data?.user.sub_shop ?? null;
  return { canManage: hasAction(auth, SUBSHOP_MANAGE) && ownSubShop === null, ownSubShop };
}
