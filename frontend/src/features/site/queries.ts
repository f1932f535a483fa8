import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/api/client';
import { orThrow } from '@/lib/query';

export const siteKeys = {
  all: ['site'] as const,
  info: () => [...siteKeys.all, 'info'] as const,
};

const SITE_INFO = '/api/platform/getSiteInfo';

/** Name, logo and side of the host the page was opened on (no token needed). */
export function useSiteInfo() {
  return useQuery({
    queryKey: siteKeys.info(),
    queryFn: () => orThrow(SITE_INFO, apiGet(SITE_INFO)),
    staleTime: 5 * 60_000,
  });
}
