/** Bridges the request layer (which answers `false` on failure) to React Query (which wants a throw). */
export class RequestFailedError extends Error {
  constructor(path: string) {
    super(`Request failed: ${path}`);
    this.name = 'RequestFailedError';
  }
}

export async function orThrow<T>(path: string, call: Promise<T | false>): Promise<T> {
  const result = await call;
  if (result === false) throw new RequestFailedError(path);
  return result;
}
