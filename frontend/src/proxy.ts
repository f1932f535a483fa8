import { NextResponse, type NextRequest } from 'next/server';
import { canonicalPathname } from '@/lib/routes';

/**
 * Routes are case-insensitive (spec 2): a registry path reached with other casing is
 * redirected to its canonical spelling, keeping the query.
 */
export function proxy(request: NextRequest) {
  const canonical = canonicalPathname(request.nextUrl.pathname);
  if (!canonical) return NextResponse.next();
  const url = request.nextUrl.clone();
  url.pathname = canonical;
  return NextResponse.redirect(url, 307);
}

export const config = {
  // Pages only: not the API proxy, Next's assets, or files with an extension.
  matcher: ['/((?!api/|_next/|.*\\.[\\w]+$).*)'],
};
