import { afterEach, describe, expect, it } from 'vitest';
import { checkAccess, hasAccess, hasAction, menuPathVisible, routeAccess } from '../access';
import { PLATFORM_ADMIN, PLATFORM_STORE, type PlatformType } from '../platform';
import { FIXTURE_FORBIDDEN_ACTION } from '../routes';
import { clearSession, saveRoleList, saveToken } from '../session';

afterEach(() => {
  clearSession(PLATFORM_ADMIN);
  clearSession(PLATFORM_STORE);
});

describe('hasAccess', () => {
  it('passes with a token or a non-empty role list, fails with neither', () => {
    expect(hasAccess({ token: 't', roles: [] })).toBe(true);
    expect(hasAccess({ token: null, roles: [{ id: 1, code: 'c', name: 'n' }] })).toBe(true);
    expect(hasAccess({ token: null, roles: [] })).toBe(false);
    expect(hasAccess({ token: '', roles: [] })).toBe(false);
  });
});

describe('checkAccess', () => {
  it('looks only at the current platform type', () => {
    saveToken(PLATFORM_STORE, 'store-token');
    expect(checkAccess(PLATFORM_STORE)).toBe(true);
    expect(checkAccess(PLATFORM_ADMIN)).toBe(false);
  });

  it('passes on a role list alone', () => {
    saveRoleList(PLATFORM_ADMIN, [{ id: 3, code: 'ops', name: 'Ops' }]);
    expect(checkAccess(PLATFORM_ADMIN)).toBe(true);
  });
});

describe('hasAction', () => {
  const auth = [{ action: 'goods:view' }, { action: 'orders:view' }];
  it('is true when no action is required', () => {
    expect(hasAction([], undefined)).toBe(true);
  });
  it('is met by any one action of a list', () => {
    expect(hasAction(auth, ['orders:view', 'orders:view_assigned'])).toBe(true);
    expect(hasAction(auth, ['orders:audit', 'orders:view_assigned'])).toBe(false);
  });
  it('is true only when an entry with the action exists', () => {
    expect(hasAction(auth, 'goods:view')).toBe(true);
    expect(hasAction(auth, 'goods:edit')).toBe(false);
  });
});

describe('routeAccess', () => {
  const context: { platformType: PlatformType; auth: { action: string }[] } = { platformType: PLATFORM_STORE, auth: [] };
  it('allows the workbench to everyone signed in', () => {
    expect(routeAccess('/', context).status).toBe('allowed');
  });
  it('treats unknown pages as not found and the other side\'s pages as forbidden', () => {
    expect(routeAccess('/rechargeAudit', context).status).toBe('forbidden');
    expect(routeAccess('/nowhere', context).status).toBe('notFound');
  });
  it('forbids a built route whose action the auth list lacks', () => {
    expect(routeAccess('/e2e/forbidden', { ...context, fixturesEnabled: true }).status).toBe('forbidden');
    expect(
      routeAccess('/e2e/forbidden', { ...context, auth: [{ action: FIXTURE_FORBIDDEN_ACTION }], fixturesEnabled: true }).status,
    ).toBe('allowed');
  });
  it('hides fixture routes unless fixtures are enabled', () => {
    expect(routeAccess('/e2e/forbidden', context).status).toBe('notFound');
  });
});

describe('menuPathVisible', () => {
  it('shows built pages only, never fixtures', () => {
    const context: { platformType: PlatformType; auth: { action: string }[] } = { platformType: PLATFORM_ADMIN, auth: [] };
    expect(menuPathVisible('/', context)).toBe(true);
    expect(menuPathVisible('/merchant', context)).toBe(false);
    expect(menuPathVisible('/e2e/frameHost', context)).toBe(false);
  });
});

describe('the add-on services page', () => {
  const admin = (actions: string[]) => ({ platformType: PLATFORM_ADMIN as PlatformType, auth: actions.map((action) => ({ action })) });
  const store = (actions: string[]) => ({ platformType: PLATFORM_STORE as PlatformType, auth: actions.map((action) => ({ action })) });

  it('is on both sides for a role with addon.manage', () => {
    expect(menuPathVisible('/addServeManage', admin(['addon.manage']))).toBe(true);
    expect(menuPathVisible('/addServeManage', store(['addon.manage']))).toBe(true);
    expect(routeAccess('/addServeManage', admin(['addon.manage'])).status).toBe('allowed');
  });

  it('is forbidden without it (platform finance, a store auditor)', () => {
    expect(menuPathVisible('/addServeManage', admin(['finance.view']))).toBe(false);
    expect(routeAccess('/addServeManage', admin(['finance.view'])).status).toBe('forbidden');
    expect(routeAccess('/addServeManage', store(['goods.view'])).status).toBe('forbidden');
  });
});
