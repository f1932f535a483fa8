'use client';

import { useGlobalState } from '@/components/GlobalStateProvider';
import { PLATFORM_ADMIN } from '@/lib/platform';
import { PlatformAddonManage } from '../addon-platform/PlatformAddonManage';
import { StoreAddonManage } from './StoreAddonManage';

/** /addServeManage serves both sides: the platform governs every merchant's add-ons and the types, a store its own. */
export function AddonManage() {
  const platformType = useGlobalState((state) => state.platformType);
  return platformType === PLATFORM_ADMIN ? <PlatformAddonManage /> : <StoreAddonManage />;
}
