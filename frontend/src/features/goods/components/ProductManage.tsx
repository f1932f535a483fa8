'use client';

import dynamic from 'next/dynamic';
import { useGlobalState } from '@/components/GlobalStateProvider';
import { currentPlatformType, PLATFORM_ADMIN } from '@/lib/platform';

// Each side loads only its own screen. This host's side starts loading with the page's own code
// (in the browser), not when the screen first renders after hydration and the session check:
// one chunk less in the critical path before the screen asks for its data.
if (typeof window !== 'undefined') void (currentPlatformType() === PLATFORM_ADMIN ? import('./platform-list/PlatformGoodsManage') : import('./goods-list/StoreGoodsManage'));
const StoreGoodsManage = dynamic(() => import('./goods-list/StoreGoodsManage').then((module) => module.StoreGoodsManage));
const PlatformGoodsManage = dynamic(() => import('./platform-list/PlatformGoodsManage').then((module) => module.PlatformGoodsManage));

/** /productManage serves both sides: the platform governs every merchant's goods, a store its own. */
export function ProductManage() {
  const platformType = useGlobalState((state) => state.platformType);
  return platformType === PLATFORM_ADMIN ? <PlatformGoodsManage /> : <StoreGoodsManage />;
}
