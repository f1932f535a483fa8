/**
 * The application's global state (spec 3): site name, logo, platform type, role list, auth
 * list, content width and the URL prefix per platform type. Server data still arrives through
 * React Query; the security layout and login pages copy what they load into this store.
 */
import type { AuthEntry, Role } from '@/api/types';
import { hasAction } from './access';
import type { PlatformType } from './platform';
import { URL_PREFIX_BY_PLATFORM } from './request';

export const DEFAULT_CONTENT_WIDTH = 800;

export { URL_PREFIX_BY_PLATFORM };

export interface GlobalState {
  siteName: string;
  logo: string;
  platformType: PlatformType;
  roles: readonly Role[];
  currentRole: Role | null;
  auth: readonly AuthEntry[];
  contentWidth: number;
  urlPrefix: Readonly<Record<PlatformType, string>>;
}

export interface GlobalStore {
  getState(): GlobalState;
  setState(patch: Partial<GlobalState>): void;
  subscribe(listener: () => void): () => void;
  hasAction(action: string | undefined): boolean;
}

export function initialGlobalState(platformType: PlatformType): GlobalState {
  return {
    siteName: '',
    logo: '',
    platformType,
    roles: [],
    currentRole: null,
    auth: [],
    contentWidth: DEFAULT_CONTENT_WIDTH,
    urlPrefix: URL_PREFIX_BY_PLATFORM,
  };
}

export function createGlobalStore(initial: GlobalState): GlobalStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    setState(patch) {
      const changed = (Object.keys(patch) as (keyof GlobalState)[]).some((key) => !Object.is(patch[key], state[key]));
      if (!changed) return;
      state = { ...state, ...patch };
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    hasAction: (action) => hasAction(state.auth, action),
  };
}
