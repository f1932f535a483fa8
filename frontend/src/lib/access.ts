/**
 * Access rules of spec 5. The server is the authority on every call; these rules decide what
 * the browser shows.
 */
import type { AuthEntry, Role } from '@/api/types';
import type { PlatformType } from './platform';
import { builtRoute, matchRoute, routeOnSide, type RouteEntry } from './routes';
import { readRoleList, readToken } from './session';

/** Passes if a token for the current platform type exists or the role list is non-empty. */
export function hasAccess(session: { token: string | null; roles: readonly Role[] }): boolean {
  return Boolean(session.token) || session.roles.length > 0;
}

export function checkAccess(platformType: PlatformType): boolean {
  return hasAccess({ token: readToken(platformType), roles: readRoleList(platformType) });
}

/**
 * True when no action is required or the auth list holds an entry with that action; a list of
 * actions is met by any one of them.
 */
export function hasAction(auth: readonly Pick<AuthEntry, 'action'>[], action: string | readonly string[] | undefined): boolean {
  if (!action) return true;
  const wanted = typeof action === 'string' ? [action] : action;
  if (wanted.length === 0) return true;
  return auth.some((entry) => wanted.includes(entry.action));
}

export type RouteAccess =
  | { status: 'allowed'; route: RouteEntry }
  | { status: 'forbidden'; route: RouteEntry }
  | { status: 'notFound' };

/**
 * What the security layout shows for a pathname: the page, a forbidden page (a built page the
 * user's auth list or side does not allow), or not found (no built page).
 */
export function routeAccess(
  pathname: string,
  context: { platformType: PlatformType; auth: readonly Pick<AuthEntry, 'action'>[]; fixturesEnabled?: boolean },
): RouteAccess {
  const match = matchRoute(pathname);
  if (!match || !match.route.built || (match.route.fixture && !context.fixturesEnabled)) {
    return { status: 'notFound' };
  }
  const route = match.route;
  if (!routeOnSide(route, context.platformType) || !hasAction(context.auth, route.action)) {
    return { status: 'forbidden', route };
  }
  return { status: 'allowed', route };
}

/** A menu entry is shown only when its page is built, on this side, and allowed. */
export function menuPathVisible(
  path: string,
  context: { platformType: PlatformType; auth: readonly Pick<AuthEntry, 'action'>[] },
): boolean {
  const route = builtRoute(path, context.platformType);
  return route !== null && !route.fixture && hasAction(context.auth, route.action);
}
