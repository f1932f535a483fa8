import { describe, expect, it, vi } from 'vitest';
import { createGlobalStore, DEFAULT_CONTENT_WIDTH, initialGlobalState, URL_PREFIX_BY_PLATFORM } from '../globalState';
import { PLATFORM_ADMIN } from '../platform';

describe('global state', () => {
  it('starts with the defaults of spec 3', () => {
    const state = initialGlobalState(PLATFORM_ADMIN);
    expect(state).toMatchObject({ siteName: '', logo: '', platformType: 0, roles: [], auth: [], contentWidth: 800 });
    expect(DEFAULT_CONTENT_WIDTH).toBe(800);
    expect(state.urlPrefix).toBe(URL_PREFIX_BY_PLATFORM);
    expect(Object.keys(state.urlPrefix)).toEqual(['0', '1']);
  });

  it('notifies subscribers on change only', () => {
    const store = createGlobalStore(initialGlobalState(PLATFORM_ADMIN));
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.setState({ siteName: 'Zulin' });
    store.setState({ siteName: 'Zulin' });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.setState({ siteName: 'Other' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getState().siteName).toBe('Other');
  });

  it('answers permission checks from the auth list', () => {
    const store = createGlobalStore(initialGlobalState(PLATFORM_ADMIN));
    expect(store.hasAction('goods:view')).toBe(false);
    store.setState({ auth: [{ action: 'goods:view' }] });
    expect(store.hasAction('goods:view')).toBe(true);
    expect(store.hasAction(undefined)).toBe(true);
  });
});
