import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/client';
import { orThrow } from '@/lib/query';

/**
 * The platform's merchant filter (every merchant's id and name). A module of its own: the
 * finance, withdrawal, risk and data-centre screens use it without loading the order calls.
 * Its query key is among the order options' (`orderKeys.options('merchants')`).
 */
const MERCHANTS = '/api/platform/getShopSelections';
const OPTIONS_STALE_MS = 5 * 60_000;

export function useMerchantChoices(enabled = true) {
  return useQuery({ queryKey: ['orders', 'options', 'merchants'] as const, queryFn: () => orThrow(MERCHANTS, apiGet(MERCHANTS)), staleTime: OPTIONS_STALE_MS, enabled });
}
