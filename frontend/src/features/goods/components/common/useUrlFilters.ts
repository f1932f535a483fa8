'use client';

import { useCallback, useMemo } from 'react';
import { useSearchReplace } from '@/lib/useSearchReplace';

/**
 * Filters kept in the URL (STYLE 8): read them from the search params, write them with
 * router.replace so back/forward and shared links keep the view. Changing a filter other than
 * the page goes back to page 1.
 */
export function useUrlFilters() {
  const { current, latest, replace } = useSearchReplace();
  const searchParams = useMemo(() => new URLSearchParams(current), [current]);

  const get = useCallback((name: string) => searchParams.get(name) ?? '', [searchParams]);

  const set = useCallback(
    (patch: Record<string, string | number | null | undefined>) => {
      const next = new URLSearchParams(latest());
      for (const [name, value] of Object.entries(patch)) {
        if (value === null || value === undefined || value === '') next.delete(name);
        else next.set(name, String(value));
      }
      if (!('page' in patch)) next.delete('page');
      replace(next.toString());
    },
    [latest, replace],
  );

  return { get, set };
}

export function positiveInt(text: string, fallback: number): number {
  return /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : fallback;
}

export function optionalId(text: string): number | undefined {
  return /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : undefined;
}
