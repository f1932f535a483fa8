'use client';

import dynamic from 'next/dynamic';
import { useGlobalState } from '@/components/GlobalStateProvider';
import { PLATFORM_ADMIN } from '@/lib/platform';

// Each side loads only its own screen.
const StoreAddonManage = dynamic(() => import('./StoreAddonManage').then((module) => module.StoreAddonManage));
const PlatformAddonManage = dynamic(() => import('../addon-platform/PlatformAddonManage').then((module) => module.PlatformAddonManage));

/** /addServeManage serves both sides: the platform governs every merchant's add-ons and the types, a store its own. */
export function AddonManage() {
  const platformType = useGlobalState((state) => state.platformType);
  return platformType === PLATFORM_ADMIN ? <PlatformAddonManage /> : <StoreAddonManage />;
}
