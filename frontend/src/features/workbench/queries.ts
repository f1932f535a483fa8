import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/client';
import type { PlatformType } from '@/lib/platform';
import { orThrow } from '@/lib/query';

export const workbenchKeys = {
  all: ['workbench'] as const,
  commonFunctionMenu: (platformType: PlatformType) => [...workbenchKeys.all, 'commonFunctionMenu', platformType] as const,
};

const COMMON_FUNCTION_MENU = '/api/v2/getCommonFunctionMenu';

/** The user's workbench shortcuts (entries of their menu). */
export function useCommonFunctionMenu(platformType: PlatformType) {
  return useQuery({
    queryKey: workbenchKeys.commonFunctionMenu(platformType),
    queryFn: () => orThrow(COMMON_FUNCTION_MENU, apiGet(COMMON_FUNCTION_MENU)),
  });
}
