'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useMemo } from 'react';
import { withPatch } from '../../lib/listState';

/**
 * A list's filter state read from and written to the URL: back/forward and shared links restore
 * the same list. `replace` keeps typing in the keyword box out of the history.
 */
export function useListUrlState<S extends { page: number }>(parse: (params: URLSearchParams) => S, serialize: (state: S) => string) {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const search = searchParams.toString();
  const state = useMemo(() => parse(new URLSearchParams(search)), [parse, search]);
  const update = useCallback(
    (patch: Partial<S>) => {
      const next = serialize(withPatch(state, patch));
      router.replace(next ? `${pathname}?${next}` : pathname, { scroll: false });
    },
    [pathname, router, serialize, state],
  );
  const reset = useCallback(() => router.replace(pathname, { scroll: false }), [pathname, router]);
  return { state, update, reset };
}
