'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect, useState, type ReactNode } from 'react';
import { setSessionExpiredHandler } from '@/lib/request';
import type { PlatformType } from '@/lib/platform';
import { GlobalStateProvider } from './GlobalStateProvider';
import { ChunkErrorListener } from './layout/ChunkError';
import { NoticeViewport } from './ui/Notice';

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // The request layer already told the user; retrying would repeat the notice.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** A 109 answer moves to the login page without reloading the app. */
function SessionExpiredNavigation() {
  const router = useRouter();
  useEffect(() => {
    setSessionExpiredHandler((loginUrl) => router.replace(loginUrl));
  }, [router]);
  return null;
}

export function Providers({ platformType, children }: { platformType: PlatformType; children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <GlobalStateProvider platformType={platformType}>
        <SessionExpiredNavigation />
        <ChunkErrorListener />
        {children}
        <NoticeViewport />
      </GlobalStateProvider>
    </QueryClientProvider>
  );
}
