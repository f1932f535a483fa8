'use client';

import { Suspense, type ReactNode } from 'react';
import { useNearScreen } from './useNearScreen';

/** How long a screen shows before what it deferred loads anyway (its data has settled by then). */
export const DEFER_IDLE_MS = 2500;

/**
 * A part of a screen below the fold, rendered when the user scrolls near it or after
 * `DEFER_IDLE_MS`: given a section loaded with next/dynamic, its code and its own calls stay
 * out of the screen's first load (the 200 KB and 1 s budgets of `make bench-frontend`).
 * It is its own Suspense boundary: while the part's chunk loads only the part waits, never the
 * screen around it (next/dynamic without a `loading` has no boundary of its own, and the
 * screen's would hide it, with any dialog it holds open, until the chunk arrives).
 */
export function Deferred({ children, idleMs = DEFER_IDLE_MS }: { children: ReactNode; idleMs?: number }) {
  const [ref, near] = useNearScreen<HTMLDivElement>({ idleMs });
  return (
    <div ref={ref} data-deferred={near ? undefined : ''} className="min-w-0">
      {near ? <Suspense fallback={null}>{children}</Suspense> : null}
    </div>
  );
}
