import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, type ApiBody, type ApiData } from '@/api/client';
import { strictCall } from '@/lib/apiError';
import { orThrow } from '@/lib/query';

export type FinanceSetting = ApiData<'/api/finance/getFinanceSetting', 'get'>;
export type FinanceSettingBody = ApiBody<'/api/finance/saveFinanceSetting', 'post'>;

export const financeKeys = {
  all: ['finance'] as const,
  setting: () => [...financeKeys.all, 'setting'] as const,
};

const P = {
  setting: '/api/finance/getFinanceSetting',
  saveSetting: '/api/finance/saveFinanceSetting',
} as const;

/** The shop's late-fee rates and reminder days in force, with the platform's defaults (`finance.view`). */
export function useFinanceSetting(enabled = true) {
  return useQuery({
    queryKey: financeKeys.setting(),
    queryFn: () => orThrow(P.setting, apiGet(P.setting, undefined, { hideNotice: true })),
    enabled,
  });
}

/**
 * Saves every field at once (`order.manage`): a null field follows the platform's default, so
 * the body always carries the fields the shop keeps. The answer is the setting in force.
 */
export function useSaveFinanceSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FinanceSettingBody) => strictCall((options) => apiPost(P.saveSetting, body, options)),
    onSuccess: (saved) => queryClient.setQueryData(financeKeys.setting(), saved),
  });
}
