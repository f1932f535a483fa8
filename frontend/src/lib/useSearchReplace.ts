'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useRef } from 'react';

/**
 * The page's query string, and a way to replace it that survives quick successive changes.
 *
 * `router.replace` lands after a render, so two changes in a row (pick a merchant, then
 * search) would both start from the old query and the second would undo the first. Each
 * change therefore starts from the query last asked for, until the URL has caught up.
 */
export function useSearchReplace() {
  const router = useRouter();
  const pathname = usePathname();
  const current = useSearchParams().toString();
  const pending = useRef<string | null>(null);

  useEffect(() => {
    if (pending.current === current) pending.current = null;
  }, [current]);

  const latest = useCallback(() => pending.current ?? current, [current]);
  const replace = useCallback(
    (query: string) => {
      pending.current = query;
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [pathname, router],
  );
  return { current, latest, replace };
}
