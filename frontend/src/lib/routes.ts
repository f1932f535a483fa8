/**
 * The route registry: every screen of the contract (shared/contract/routes.tsv) with its
 * canonical casing, its side, whether its page is built yet, and the auth action it needs.
 * Menus show only built pages; the proxy uses the canonical casing to make routes
 * case-insensitive.
 */
import { PLATFORM_ADMIN, type PlatformType } from './platform';

export type RouteSide = 'both' | 'platform' | 'store' | 'sub';
export type RouteLayout = 'login' | 'security' | 'none';

export interface RouteEntry {
  /** Canonical path; `:name` marks a parameter segment. */
  path: string;
  layout: RouteLayout;
  side: RouteSide;
  /** The page exists in src/app. Later issues flip this as they add screens. */
  built: boolean;
  /**
   * Auth action the user needs to see the page (spec 5); none means every signed-in user. A
   * list is met by any one of its actions (a page several roles reach by different rights).
   */
  action?: string | readonly string[];
  /** Served only when the server runs with E2E_FIXTURES=1 (browser-test pages). */
  fixture?: boolean;
}

export const LOGIN_PATH = '/main/login';
export const ROLE_PICKER_PATH = '/main/rolePicker';
export const WORKBENCH_PATH = '/';

/** An action no role is ever granted: lets the browser tests reach the forbidden page honestly. */
export const FIXTURE_FORBIDDEN_ACTION = 'e2e:never-granted';

/** The rights that let a session read orders: all of them, its own, or the sub-shops'. */
const ORDER_READERS = ['order.view', 'order.view_assigned', 'suborder.view'] as const;

/** The rights that let a session work recovery cases: all of them, or its own (sub-shop's). */
const RECOVERY_READERS = ['recovery.view', 'recovery.work'] as const;

export const ROUTES: readonly RouteEntry[] = [
  { path: LOGIN_PATH, layout: 'login', side: 'both', built: true },
  { path: ROLE_PICKER_PATH, layout: 'login', side: 'both', built: true },
  { path: WORKBENCH_PATH, layout: 'security', side: 'both', built: true },
  { path: '/productManage', layout: 'security', side: 'both', built: true, action: 'goods.view' },
  { path: '/product', layout: 'security', side: 'store', built: true, action: 'goods.edit' },
  // Both sides: a store its own add-ons; the platform every merchant's, and the add-on types.
  { path: '/addServeManage', layout: 'security', side: 'both', built: true, action: 'addon.manage' },
  { path: '/productCategory', layout: 'security', side: 'platform', built: true, action: 'category.manage' },
  // The order lists: the shop's (and the platform's) need order.view, the sub-shop lists suborder.view.
  { path: '/regularOrder', layout: 'security', side: 'both', built: true, action: 'order.view' },
  { path: '/dealingOrder', layout: 'security', side: 'both', built: true, action: 'order.view' },
  { path: '/overdueOrder', layout: 'security', side: 'both', built: true, action: 'order.view' },
  { path: '/finishedOrder', layout: 'security', side: 'both', built: true, action: 'order.view' },
  // Added (issue 24): finished orders that still owe (a charge after the return, a bill left).
  { path: '/owingOrder', layout: 'security', side: 'both', built: true, action: 'order.view' },
  { path: '/afterSaleOrder', layout: 'security', side: 'both', built: true, action: 'order.view' },
  { path: '/s_regularOrder', layout: 'security', side: 'sub', built: true, action: 'suborder.view' },
  { path: '/s_dealingOrder', layout: 'security', side: 'sub', built: true, action: 'suborder.view' },
  { path: '/s_overdueOrder', layout: 'security', side: 'sub', built: true, action: 'suborder.view' },
  { path: '/s_finishedOrder', layout: 'security', side: 'sub', built: true, action: 'suborder.view' },
  { path: '/s_owingOrder', layout: 'security', side: 'sub', built: true, action: 'suborder.view' },
  { path: '/s_afterSaleOrder', layout: 'security', side: 'sub', built: true, action: 'suborder.view' },
  // Both sides: a store's income and expense lines and customer bills, the platform's lines.
  { path: '/billList', layout: 'security', side: 'both', built: true, action: 'finance.view' },
  // Withdrawals: a store reads its own (withdrawal.view), the platform audits every merchant's.
  { path: '/cashWithdrawal', layout: 'security', side: 'both', built: true, action: ['withdrawal.view', 'withdrawal.audit'] },
  { path: '/applyWithdrawal', layout: 'security', side: 'store', built: true, action: 'withdrawal.apply' },
  // Added: the platform's reconciliation with the payment provider (platform finance).
  { path: '/reconciliation', layout: 'security', side: 'platform', built: true, action: 'finance.view' },
  // An order's pages serve every role that sees orders by any right; the server answers within
  // the session's scope (a salesman its own orders, a sub-merchant its sub-shop's).
  { path: '/billingDetails/:order_id', layout: 'security', side: 'both', built: true, action: ORDER_READERS },
  // The data centre: the platform every merchant's figures, a shop its own, a sub-shop its own.
  { path: '/dataCenter', layout: 'security', side: 'both', built: true, action: 'data.view' },
  // Added (issue 29): the platform's aging, every merchant's recovery debt by bucket.
  { path: '/aging', layout: 'security', side: 'platform', built: true, action: 'data.view' },
  { path: '/orderInfo/:id', layout: 'security', side: 'both', built: true, action: ORDER_READERS },
  { path: '/merchant', layout: 'security', side: 'platform', built: true, action: 'merchant.manage' },
  { path: '/merchantDetail', layout: 'security', side: 'platform', built: true, action: 'merchant.manage' },
  // Share links: the owner every link, a salesman their own, a sub-shop account its sub-shop's.
  { path: '/h5Promotion', layout: 'security', side: 'store', built: true, action: 'promotion.manage' },
  { path: '/subMerchant', layout: 'security', side: 'store', built: true, action: 'subshop.view' },
  { path: '/subMerchantDetails', layout: 'security', side: 'store', built: true, action: 'subshop.view' },
  // Both sides: a store's staff, or the platform's (the same screen with the side's roles).
  { path: '/staff', layout: 'security', side: 'both', built: true, action: 'staff.manage' },
  // The shop's customer-service settings; and (added) its customers with the blacklist.
  { path: '/baseSet', layout: 'security', side: 'store', built: true, action: 'service.config' },
  { path: '/customers', layout: 'security', side: 'store', built: true, action: 'customer.view' },
  // The shop's prepaid risk balance and its recharges; the platform's audit of every merchant's.
  { path: '/riskRecharge', layout: 'security', side: 'store', built: true, action: 'risk.recharge' },
  // Credit reporting (added screen): records, report files and their trees.
  { path: '/creditReport', layout: 'security', side: 'store', built: true, action: 'credit.view' },
  // Added (issue 28): the collector's workbench and a recovery case; the server scopes each case
  // (a collector its own, a sub-shop account its sub-shop's, the owner and finance every case).
  { path: '/recovery', layout: 'security', side: 'store', built: true, action: RECOVERY_READERS },
  { path: '/recovery/:id', layout: 'security', side: 'store', built: true, action: RECOVERY_READERS },
  // Added (issue 29): the recovery report, for those who see every case in scope (owner, finance).
  { path: '/recoveryReport', layout: 'security', side: 'store', built: true, action: 'recovery.view' },
  // Added (issue 43): the shop's devices by serial and IMEI, receiving from suppliers by scan, and
  // transfers between the warehouse and sub-shops; a sub-shop's account sees its own units.
  { path: '/assets', layout: 'security', side: 'store', built: true, action: 'asset.view' },
  { path: '/assets/:id', layout: 'security', side: 'store', built: true, action: 'asset.view' },
  { path: '/stockReceipts', layout: 'security', side: 'store', built: true, action: 'asset.receive' },
  { path: '/stockTransfers', layout: 'security', side: 'store', built: true, action: 'asset.transfer' },
  // Added (issue 65): the shipments list (waybills and parcels typed by hand).
  { path: '/shipments', layout: 'security', side: 'store', built: true, action: 'order.view' },
  // Added (issue 63): the asset report: what each device earned, by SKU, category and place.
  { path: '/assetReport', layout: 'security', side: 'store', built: true, action: 'asset.view' },
  // Added (issue 67): customers' privacy requests (access and copy, correction, deletion) and one request.
  { path: '/privacyRequests', layout: 'security', side: 'store', built: true, action: 'privacy.manage' },
  { path: '/privacyRequests/:id', layout: 'security', side: 'store', built: true, action: 'privacy.manage' },
  // Added (issue 44): the developers' screen: webhook endpoints and their deliveries, API keys,
  // the applet's intake keys (their tab for intake.manage) and the guide; the owner's.
  { path: '/developers', layout: 'security', side: 'store', built: true, action: 'webhook.manage' },
  { path: '/rechargeAudit', layout: 'security', side: 'platform', built: true, action: 'recharge.audit' },
  // Browser-test fixtures (src/app/**/e2e/*); 404 unless the server runs with E2E_FIXTURES=1.
  { path: '/e2e/forbidden', layout: 'security', side: 'both', built: true, fixture: true, action: FIXTURE_FORBIDDEN_ACTION },
  { path: '/e2e/frameHost', layout: 'security', side: 'both', built: true, fixture: true },
  { path: '/e2e/frameChild', layout: 'none', side: 'both', built: true, fixture: true },
];

export interface RouteMatch {
  route: RouteEntry;
  params: Record<string, string>;
}

function segmentsOf(pathname: string): string[] {
  return pathname.split('/').filter(Boolean);
}

/** Case-insensitive match of a pathname against the registry; parameters keep their case. */
export function matchRoute(pathname: string, routes: readonly RouteEntry[] = ROUTES): RouteMatch | null {
  const actual = segmentsOf(pathname);
  for (const route of routes) {
    const pattern = segmentsOf(route.path);
    if (pattern.length !== actual.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((segment, index) => {
      const value = actual[index] ?? '';
      if (segment.startsWith(':')) {
        params[segment.slice(1)] = value;
        return value.length > 0;
      }
      return segment.toLowerCase() === value.toLowerCase();
    });
    if (matches) return { route, params };
  }
  return null;
}

/**
 * The canonical spelling of a registry path reached with the wrong case, or null when the
 * path is unknown or already canonical.
 */
export function canonicalPathname(pathname: string, routes: readonly RouteEntry[] = ROUTES): string | null {
  const match = matchRoute(pathname, routes);
  if (!match) return null;
  const pattern = segmentsOf(match.route.path);
  const actual = segmentsOf(pathname);
  const canonical =
    '/' + pattern.map((segment, index) => (segment.startsWith(':') ? (actual[index] ?? '') : segment)).join('/');
  const withoutTrailingSlash = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return canonical === withoutTrailingSlash ? null : canonical;
}

export function routeOnSide(route: RouteEntry, platformType: PlatformType): boolean {
  if (route.side === 'both') return true;
  if (route.side === 'platform') return platformType === PLATFORM_ADMIN;
  return platformType !== PLATFORM_ADMIN; // store and sub-merchant views
}

/** The built page serving a pathname on this side, if any. */
export function builtRoute(
  pathname: string,
  platformType: PlatformType,
  options: { fixturesEnabled?: boolean } = {},
): RouteEntry | null {
  const match = matchRoute(pathname);
  if (!match || !match.route.built) return null;
  if (match.route.fixture && !options.fixturesEnabled) return null;
  return routeOnSide(match.route, platformType) ? match.route : null;
}

/** Only a same-site path may be a login target: "/x?y", never "//host" or "https://…". */
export function safeTarget(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return WORKBENCH_PATH;
  const pathOnly = raw.split(/[?#]/)[0] ?? '';
  if (matchRoute(pathOnly)?.route.layout === 'login') return WORKBENCH_PATH;
  return raw;
}

export function loginHref(target?: string | null): string {
  if (!target) return LOGIN_PATH;
  const safe = safeTarget(target);
  return safe === WORKBENCH_PATH ? LOGIN_PATH : `${LOGIN_PATH}?target=${encodeURIComponent(safe)}`;
}
