'use client';

import dynamic from 'next/dynamic';
import { useGlobalState } from '@/components/GlobalStateProvider';
import { PLATFORM_ADMIN } from '@/lib/platform';

// Each side loads only its own screen.
const StoreGoodsManage = dynamic(() => import('./goods-list/StoreGoodsManage').then((module) => module.StoreGoodsManage));
const PlatformGoodsManage = dynamic(() => import('./platform-list/PlatformGoodsManage').then((module) => module.PlatformGoodsManage));

/** /productManage serves both sides: the platform governs every merchant's goods, a store its own. */
export function ProductManage() {
  const platformType = useGlobalState((state) => state.platformType);
  return platformType === PLATFORM_ADMIN ? <PlatformGoodsManage /> : <StoreGoodsManage />;
}
