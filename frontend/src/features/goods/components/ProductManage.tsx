'use client';

import { useGlobalState } from '@/components/GlobalStateProvider';
import { PLATFORM_ADMIN } from '@/lib/platform';
import { StoreGoodsManage } from './goods-list/StoreGoodsManage';
import { PlatformGoodsManage } from './platform-list/PlatformGoodsManage';

/** /productManage serves both sides: the platform governs every merchant's goods, a store its own. */
export function ProductManage() {
  const platformType = useGlobalState((state) => state.platformType);
  return platformType === PLATFORM_ADMIN ? <PlatformGoodsManage /> : <StoreGoodsManage />;
}
