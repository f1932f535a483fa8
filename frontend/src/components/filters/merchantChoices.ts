import { useQuery } from '@tanstack/react-query';
import { apiGet, type ApiData } from '@/api/client';
import { orThrow } from '@/lib/query';

/**
 * The platform's merchants (id and name) for its merchant filter. In the kit beside the picker
 * (MerchantFilter) rather than in a feature: orders, goods, finance, withdrawals, risk,
 * reconciliation and the data centre all filter by merchant, and the kit reaches no feature.
 * The key sits under the merchants' (`['merchants']`), so onboarding a merchant refreshes it.
 */
const MERCHANTS = '/api/platform/getShopSelections';
const CHOICES_STALE_MS = 5 * 60_000;

export type MerchantChoice = ApiData<typeof MERCHANTS, 'get'>[number];

export const merchantChoiceKeys = {
  all: ['merchants', 'choices'] as const,
};

export function useMerchantChoices(enabled = true) {
  return useQuery({ queryKey: merchantChoiceKeys.all, queryFn: () => orThrow(MERCHANTS, apiGet(MERCHANTS)), staleTime: CHOICES_STALE_MS, enabled });
}
