'use client';

import { RouteErrorView } from '@/components/layout/ChunkError';

/** A page that fails (a chunk that did not load included) shows a message, never a blank screen. */
export default function SecurityError({ error, reset }: { error: Error; reset: () => void }) {
  return <RouteErrorView error={error} reset={reset} />;
}
