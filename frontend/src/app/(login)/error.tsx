'use client';

import { RouteErrorView } from '@/components/layout/ChunkError';

export default function LoginError({ error, reset }: { error: Error; reset: () => void }) {
  return <RouteErrorView error={error} reset={reset} />;
}
