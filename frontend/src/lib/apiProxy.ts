/**
 * Same-origin proxy to the Django API, used by the Route Handlers of what this origin serves
 * from the backend: /api, and the customer's pages (the sandbox cashier a payment link opens:
 * every link sent to a customer is on this origin, PUBLIC_WEB_ORIGIN, never on the API's own
 * address). Route Handlers rather than a next.config rewrite: rewrites are frozen into the
 * build, while API_ORIGIN must be read when the server starts, and the backend picks the
 * tenant from the original host, sent as x-forwarded-host.
 */
import type { NextRequest } from 'next/server';

const DEFAULT_API_ORIGIN = 'http://127.0.0.1:8000';
const UPSTREAM_TIMEOUT_MS = 30_000;

// Hop-by-hop headers, and those fetch computes itself.
const DROPPED_REQUEST_HEADERS = ['host', 'connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer', 'content-length', 'accept-encoding', 'expect'];
const DROPPED_RESPONSE_HEADERS = ['connection', 'keep-alive', 'transfer-encoding', 'content-encoding', 'content-length'];

function apiOrigin(): string {
  return (process.env.API_ORIGIN || DEFAULT_API_ORIGIN).replace(/\/+$/, '');
}

export async function proxyToApi(request: NextRequest): Promise<Response> {
  const upstreamUrl = `${apiOrigin()}${request.nextUrl.pathname}${request.nextUrl.search}`;
  const headers = new Headers(request.headers);
  for (const name of DROPPED_REQUEST_HEADERS) headers.delete(name);
  const host = request.headers.get('host') ?? request.nextUrl.host;
  headers.set('x-forwarded-host', host);
  headers.set('x-forwarded-proto', request.nextUrl.protocol.replace(/:$/, ''));
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';

  let upstream: Response;
  try {
    upstream = await fetch(upstreamUrl, {
      method: request.method,
      headers,
      body: hasBody ? await request.arrayBuffer() : undefined,
      redirect: 'manual',
      cache: 'no-store',
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return new Response(`API unreachable: ${reason}`, { status: 502, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  const responseHeaders = new Headers(upstream.headers);
  for (const name of DROPPED_RESPONSE_HEADERS) responseHeaders.delete(name);
  return new Response(upstream.body, { status: upstream.status, statusText: upstream.statusText, headers: responseHeaders });
}
