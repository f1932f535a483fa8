'use client';

import type { ReactNode } from 'react';
import { useNearScreen } from './useNearScreen';

/** How long a screen shows before what it deferred loads anyway (its data has settled by then). */
export const DEFER_IDLE_MS = 2500;

/**
 * A part of a screen below the fold, rendered when the user scrolls near it or after
 * `DEFER_IDLE_MS`: given a section loaded with next/dynamic, its code and its own calls stay
 * out of the screen's first load (the 200 KB and 1 s budgets of `make bench-frontend`).
 */
export function Deferred({ children, idleMs = DEFER_IDLE_MS }: { children: ReactNode; idleMs?: number }) {
  const [ref, near] = useNearScreen<HTMLDivElement>({ idleMs });
  return (
    <div ref={ref} data-deferred={near ? undefined : ''} className="min-w-0">
      {near ? children : null}
    </div>
  );
}
