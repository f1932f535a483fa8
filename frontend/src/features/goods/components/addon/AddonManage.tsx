'use client';

import dynamic from 'next/dynamic';
import { useGlobalState } from '@/components/GlobalStateProvider';
import { currentPlatformType, PLATFORM_ADMIN } from '@/lib/platform';

// Each side loads only its own screen. This host's side starts loading with the page's own code
// (in the browser), not when the screen first renders after hydration and the session check:
// one chunk less in the critical path before the screen asks for its data.
if (typeof window !== 'undefined') void (currentPlatformType() === PLATFORM_ADMIN ? import('../addon-platform/PlatformAddonManage') : import('./StoreAddonManage'));
const StoreAddonManage = dynamic(() => import('./StoreAddonManage').then((module) => module.StoreAddonManage));
const PlatformAddonManage = dynamic(() => import('../addon-platform/PlatformAddonManage').then((module) => module.PlatformAddonManage));

/** /addServeManage serves both sides: the platform governs every merchant's add-ons and the types, a store its own. */
export function AddonManage() {
  const platformType = useGlobalState((state) => state.platformType);
  return platformType === PLATFORM_ADMIN ? <PlatformAddonManage /> : <StoreAddonManage />;
}
