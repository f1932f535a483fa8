/**
 * Typed entry points to the backend. Every type comes from the generated OpenAPI schema
 * (src/api/schema.d.ts, `npm run gen:api`, shaped in ./shapes.ts); every call goes through
 * lib/request.ts.
 */
import { request, type CallOptions } from '@/lib/request';
import type { ApiBody, ApiData, ApiQuery, GetPath, PostPath } from './shapes';

export type { ApiBody, ApiData, ApiQuery, GetPath, PathsWith, PostPath } from './shapes';

export function apiGet<P extends GetPath>(
  path: P,
  params?: ApiQuery<P, 'get'>,
  options?: CallOptions,
): Promise<ApiData<P, 'get'> | false> {
  return request<ApiData<P, 'get'>>(path, {
    ...options,
    method: 'GET',
    params: params as Record<string, unknown> | undefined,
  });
}

export function apiPost<P extends PostPath>(
  path: P,
  body?: ApiBody<P, 'post'>,
  options?: CallOptions,
): Promise<ApiData<P, 'post'> | false> {
  return request<ApiData<P, 'post'>>(path, { ...options, method: 'POST', body });
}
