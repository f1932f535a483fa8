import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, type ApiData } from '@/api/client';
import { quietGet } from '@/api/reads';
import { useGlobalState } from '@/components/GlobalStateProvider';
import { strictCall } from '@/lib/apiError';
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

const SAVE_COMMON_FUNCTION_MENU = '/api/v2/saveCommonFunctionMenu';

/** Replaces the account's pinned shortcuts; the answer is the new list, put straight in the cache. */
export function useSaveShortcuts() {
  const queryClient = useQueryClient();
  const platformType = useGlobalState((state) => state.platformType);
  return useMutation({
    mutationFn: (menuIds: number[]) => strictCall((options) => apiPost(SAVE_COMMON_FUNCTION_MENU, { menu_ids: menuIds }, options)),
    onSuccess: (shortcuts) => queryClient.setQueryData(workbenchKeys.commonFunctionMenu(platformType), shortcuts),
  });
}

const WORKBENCH_DATA = '/api/v2/getWorkbenchData';

export type WorkbenchData = ApiData<typeof WORKBENCH_DATA, 'get'>;

/** Today's figures (with `data.view`) and the role's to-dos with their counts. */
export function useWorkbenchData(platformType: PlatformType) {
  return useQuery({
    queryKey: [...workbenchKeys.all, 'today', platformType] as const,
    queryFn: quietGet(WORKBENCH_DATA),
  });
}
