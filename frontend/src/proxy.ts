import { NextResponse, type NextRequest } from 'next/server';
import { platformTypeFromHost } from '@/lib/platform';
import { canonicalPathname, LOGIN_PATH, loginHref, matchRoute } from '@/lib/routes';
import { tokenKey } from '@/lib/session';

/**
 * Before any page renders:
 * - routes are case-insensitive (spec 2): a registry path reached with other casing is
 *   redirected to its canonical spelling, keeping the query;
 * - a page of the security layout asked without the side's session cookie (no sign-in on this
 *   browser, or signed out) goes straight to the sign-in page with its target, as the security
 *   layout would send it after loading: no loading page is painted first. A cookie that is there
 *   but no longer good (expired, revoked) is still the security layout's to find.
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const canonical = canonicalPathname(pathname);
  if (canonical) {
    const url = request.nextUrl.clone();
    url.pathname = canonical;
    return NextResponse.redirect(url, 307);
  }
  const route = matchRoute(pathname)?.route;
  if (route?.layout === 'security' && !route.fixture) {
    const side = platformTypeFromHost(request.headers.get('host') ?? request.nextUrl.host);
    if (!request.cookies.get(tokenKey(side))?.value) {
      const url = request.nextUrl.clone();
      const href = loginHref(`${pathname}${search}`);
      url.pathname = LOGIN_PATH;
      url.search = href.slice(LOGIN_PATH.length);
      return NextResponse.redirect(url, 307);
    }
  }
  return NextResponse.next();
}

export const config = {
  // Pages only: not the API proxy, the sandbox cashier it also serves, Next's assets, or
  // files with an extension.
  matcher: ['/((?!api/|sandbox/|_next/|.*\\.[\\w]+$).*)'],
};
