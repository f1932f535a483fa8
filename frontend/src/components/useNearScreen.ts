'use client';

import { useEffect, useRef, useState } from 'react';

/**
 * True once the element is within 200 px of the viewport (and from then on), or, with
 * `idleMs`, once the screen has shown it that long: what sits below the fold (the goods
 * description's editor, an order's notary section) loads as the user scrolls towards it, or
 * after the screen's own data has settled, never in the screen's first load. Without
 * IntersectionObserver (old browsers, unit tests) it is true at once.
 */
export function useNearScreen<T extends Element>({ idleMs }: { idleMs?: number } = {}) {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: '200px 0px' });
    observer.observe(element);
    const timer = idleMs === undefined ? undefined : window.setTimeout(() => setNear(true), idleMs);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [near, idleMs]);
  return [ref, near] as const;
}
