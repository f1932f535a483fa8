/**
 * Types of the backend's calls, derived from the generated OpenAPI schema only. The request
 * layer and the session store may import these without reaching back into the client.
 */
import type { paths } from './schema';

export type HttpMethod = 'get' | 'post';

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
