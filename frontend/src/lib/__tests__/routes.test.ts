import { describe, expect, it } from 'vitest';
import { PLATFORM_ADMIN, PLATFORM_STORE } from '../platform';
import { builtRoute, canonicalPathname, loginHref, matchRoute, ROUTES, routeOnSide, safeTarget, type RouteEntry } from '../routes';

describe('route registry', () => {
  it('holds every screen of the contract once', () => {
    const paths = ROUTES.filter((route) => !route.fixture).map((route) => route.path);
    expect(new Set(paths.map((p) => p.toLowerCase())).size).toBe(paths.length);
    expect(paths).toHaveLength(50); // routes.tsv less the 404 splat, plus /staff (added: both sides' menus list it), /reconciliation (added: the platform's), /creditReport and /customers (added: the store's), /owingOrder and /s_owingOrder (added: issue 24), /recovery and /recovery/:id (added: issue 28), /recoveryReport and /aging (added: issue 29), /assets, /assets/:id, /stockReceipts and /stockTransfers (added: issue 43), /developers (added: issue 44), /shipments (added: issue 65), /assetReport (added: issue 63), /privacyRequests and /privacyRequests/:id (added: issue 67)
    expect(paths).toContain('/billingDetails/:order_id');
  });

  it('builds the warehouse screens on the store side with the asset actions', () => {
    expect(builtRoute('/assets', PLATFORM_STORE)?.action).toBe('asset.view');
    expect(builtRoute('/assets/12', PLATFORM_STORE)?.action).toBe('asset.view');
    expect(builtRoute('/stockReceipts', PLATFORM_STORE)?.action).toBe('asset.receive');
    expect(builtRoute('/stockTransfers', PLATFORM_STORE)?.action).toBe('asset.transfer');
    expect(builtRoute('/assets', PLATFORM_ADMIN)).toBeFalsy();
  });

  it('builds the asset report on the store side for asset.view', () => {
    expect(builtRoute('/assetReport', PLATFORM_STORE)?.action).toBe('asset.view');
    expect(builtRoute('/assetReport', PLATFORM_ADMIN)).toBeFalsy();
  });

  it('builds the privacy requests on the store side for privacy.manage', () => {
    expect(builtRoute('/privacyRequests', PLATFORM_STORE)?.action).toBe('privacy.manage');
    expect(builtRoute('/privacyRequests/:id', PLATFORM_STORE)?.action).toBe('privacy.manage');
    expect(builtRoute('/privacyRequests', PLATFORM_ADMIN)).toBeFalsy();
  });

  it('builds the shipments list on the store side for order.view', () => {
    expect(builtRoute('/shipments', PLATFORM_STORE)?.action).toBe('order.view');
    expect(builtRoute('/shipments', PLATFORM_ADMIN)).toBeFalsy();
  });

  it('builds the developers screen on the store side for webhook.manage', () => {
    expect(builtRoute('/developers', PLATFORM_STORE)?.action).toBe('webhook.manage');
    expect(builtRoute('/developers', PLATFORM_ADMIN)).toBeFalsy();
  });

  it('builds the platform aging for the data centre right, on the platform only', () => {
    expect(builtRoute('/aging', PLATFORM_ADMIN)?.action).toBe('data.view');
    expect(builtRoute('/aging', PLATFORM_STORE)).toBeFalsy();
  });

  it('guards every built screen beyond the workbench and login pages with an action', () => {
    const open = ROUTES.filter((route) => route.built && !route.fixture && !route.action).map((route) => route.path);
    expect(open.sort()).toEqual(['/', '/main/login', '/main/rolePicker']);
  });

  it('builds the goods screens with the actions the backend grants', () => {
    const action = (path: string) => ROUTES.find((route) => route.path === path);
    expect(action('/productManage')).toMatchObject({ built: true, side: 'both', action: 'goods.view' });
    expect(action('/product')).toMatchObject({ built: true, side: 'store', action: 'goods.edit' });
    expect(action('/productCategory')).toMatchObject({ built: true, side: 'platform', action: 'category.manage' });
    // Both sides grant the same action name (tenants/accounts/catalogue.py).
    expect(action('/addServeManage')).toMatchObject({ built: true, side: 'both', action: 'addon.manage' });
  });

  it('builds the order screens: lists by order.view or suborder.view, an order by any order right', () => {
    const entry = (path: string) => ROUTES.find((route) => route.path === path);
    for (const list of ['/regularOrder', '/dealingOrder', '/overdueOrder', '/finishedOrder', '/owingOrder', '/afterSaleOrder']) {
      expect(entry(list)).toMatchObject({ built: true, side: 'both', action: 'order.view' });
      expect(entry(`/s_${list.slice(1)}`)).toMatchObject({ built: true, side: 'sub', action: 'suborder.view' });
    }
    for (const page of ['/orderInfo/:id', '/billingDetails/:order_id']) {
      expect(entry(page)).toMatchObject({ built: true, side: 'both', action: ['order.view', 'order.view_assigned', 'suborder.view'] });
    }
  });
});

describe('matchRoute', () => {
  it('matches case-insensitively and keeps parameter values', () => {
    expect(matchRoute('/PRODUCTMANAGE')?.route.path).toBe('/productManage');
    expect(matchRoute('/orderinfo/AbC-1')).toMatchObject({ route: { path: '/orderInfo/:id' }, params: { id: 'AbC-1' } });
    expect(matchRoute('/orderInfo')).toBeNull();
    expect(matchRoute('/orderInfo/1/2')).toBeNull();
    expect(matchRoute('/')?.route.path).toBe('/');
  });
});

describe('canonicalPathname', () => {
  it('gives the canonical spelling of a wrongly cased path', () => {
    expect(canonicalPathname('/productmanage')).toBe('/productManage');
    expect(canonicalPathname('/MAIN/LOGIN')).toBe('/main/login');
    expect(canonicalPathname('/main/roLEpicker')).toBe('/main/rolePicker');
    expect(canonicalPathname('/BILLINGDETAILS/Xy9')).toBe('/billingDetails/Xy9');
  });

  it('is null for canonical and unknown paths', () => {
    expect(canonicalPathname('/productManage')).toBeNull();
    expect(canonicalPathname('/')).toBeNull();
    expect(canonicalPathname('/billingDetails/Xy9')).toBeNull();
    expect(canonicalPathname('/no/such/page')).toBeNull();
  });
});

describe('sides', () => {
  const route = (side: RouteEntry['side']): RouteEntry => ({ path: '/x', layout: 'security', side, built: true });
  it('puts platform routes on admin only and store/sub routes on the store side only', () => {
    expect(routeOnSide(route('both'), PLATFORM_ADMIN)).toBe(true);
    expect(routeOnSide(route('platform'), PLATFORM_ADMIN)).toBe(true);
    expect(routeOnSide(route('platform'), PLATFORM_STORE)).toBe(false);
    expect(routeOnSide(route('store'), PLATFORM_ADMIN)).toBe(false);
    expect(routeOnSide(route('sub'), PLATFORM_STORE)).toBe(true);
  });

  it('finds a built page only when it is built', () => {
    expect(builtRoute('/', PLATFORM_STORE)?.path).toBe('/');
    expect(builtRoute('/dataCenter', PLATFORM_ADMIN)?.path).toBe('/dataCenter');
    expect(builtRoute('/h5Promotion', PLATFORM_ADMIN)).toBeNull();
    expect(builtRoute('/rechargeAudit', PLATFORM_ADMIN)?.action).toBe('recharge.audit');
    expect(builtRoute('/riskRecharge', PLATFORM_STORE)?.action).toBe('risk.recharge');
    expect(builtRoute('/riskRecharge', PLATFORM_ADMIN)).toBeNull();
    expect(builtRoute('/e2e/frameHost', PLATFORM_STORE)).toBeNull();
    expect(builtRoute('/e2e/frameHost', PLATFORM_STORE, { fixturesEnabled: true })?.path).toBe('/e2e/frameHost');
  });
});

describe('login targets', () => {
  it('accepts same-site paths only', () => {
    expect(safeTarget('/orderInfo/7?tab=bill')).toBe('/orderInfo/7?tab=bill');
    expect(safeTarget('//evil.example/x')).toBe('/');
    expect(safeTarget('https://evil.example')).toBe('/');
    expect(safeTarget('/\\evil.example')).toBe('/');
    expect(safeTarget(null)).toBe('/');
    expect(safeTarget('/main/login?target=/x')).toBe('/');
  });

  it('builds the login URL with an encoded target', () => {
    expect(loginHref('/orderInfo/7?tab=bill')).toBe('/main/login?target=%2ForderInfo%2F7%3Ftab%3Dbill');
    expect(loginHref('/')).toBe('/main/login');
    expect(loginHref()).toBe('/main/login');
  });
});
