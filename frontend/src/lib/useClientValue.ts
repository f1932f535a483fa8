import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/**
 * A value only the browser can read (storage, cookies), read after hydration: the server
 * render and the first client render see `null`. The reader must return a primitive or a
 * stable reference.
 */
export function useClientValue<T>(read: () => T): T | null {
  return useSyncExternalStore(subscribeNever, read, () => null);
}
