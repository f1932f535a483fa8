'use client';

import { createContext, use, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createGlobalStore, initialGlobalState, type GlobalState, type GlobalStore } from '@/lib/globalState';
import type { PlatformType } from '@/lib/platform';

const GlobalStoreContext = createContext<GlobalStore | null>(null);

export function GlobalStateProvider({ platformType, children }: { platformType: PlatformType; children: ReactNode }) {
  const [store] = useState(() => createGlobalStore(initialGlobalState(platformType)));
  return <GlobalStoreContext value={store}>{children}</GlobalStoreContext>;
}

export function useGlobalStore(): GlobalStore {
  const store = use(GlobalStoreContext);
  if (!store) throw new Error('useGlobalStore must be used inside GlobalStateProvider');
  return store;
}

export function useGlobalState<T>(select: (state: GlobalState) => T): T {
  const store = useGlobalStore();
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.getState()),
    () => select(store.getState()),
  );
}
