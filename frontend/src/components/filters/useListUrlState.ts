'use client';

import { useCallback, useMemo } from 'react';
import { useSearchReplace } from '@/lib/useSearchReplace';
import { withPatch } from '@/components/filters/listState';

/**
 * A list's filter state read from and written to the URL: back/forward and shared links restore
 * the same list. `replace` keeps typing in the keyword box out of the history.
 */
export function useListUrlState<S extends { page: number }>(parse: (params: URLSearchParams) => S, serialize: (state: S) => string) {
  const { current, latest, replace } = useSearchReplace();
  const state = useMemo(() => parse(new URLSearchParams(current)), [parse, current]);
  const update = useCallback(
    (patch: Partial<S>) => replace(serialize(withPatch(parse(new URLSearchParams(latest())), patch))),
    [latest, parse, replace, serialize],
  );
  const reset = useCallback(() => replace(''), [replace]);
  return { state, update, reset };
}
