/**
 * Typed entry points to the backend. Every type comes from the generated OpenAPI schema
 * (src/api/schema.d.ts, `npm run gen:api`); every call goes through lib/request.ts.
 */
import { request, type CallOptions } from '@/lib/request';
import type { paths } from './schema';

type HttpMethod = 'get' | 'post';

/** Paths of the schema that serve the given method. */
export type PathsWith<M extends HttpMethod> = {
  [P in keyof paths]-?: paths[P][M] extends undefined ? never : P;
}[keyof paths];

type Operation<P extends keyof paths, M extends HttpMethod> = NonNullable<paths[P][M]>;

type JsonContent<R> = R extends { content: { 'application/json': infer J } } ? J : never;
type OkJson<O> = O extends { responses: { 200: infer R } } ? JsonContent<R> : never;

/** The `data` of the envelope `{code, data, msg}` a call answers with on success. */
export type ApiData<P extends keyof paths, M extends HttpMethod> =
  OkJson<Operation<P, M>> extends { data: infer D }
    ? D
    : OkJson<Operation<P, M>> extends { data?: infer D }
      ? Exclude<D, undefined>
      : unknown;

export type ApiBody<P extends keyof paths, M extends HttpMethod> =
  NonNullable<Operation<P, M> extends { requestBody?: infer B } ? B : never> extends {
    content: { 'application/json': infer J };
  }
    ? J
    : never;

export type ApiQuery<P extends keyof paths, M extends HttpMethod> =
  Operation<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

export type GetPath = PathsWith<'get'>;
export type PostPath = PathsWith<'post'>;

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
