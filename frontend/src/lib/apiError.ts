/**
 * Mutations whose failures the screen explains itself (field errors beside the fields, refusal
 * reasons, a refused transition): the request layer's notice is hidden and the failure travels
 * to the component as an ApiError. One class for every feature, so `instanceof` holds across
 * them; each feature keeps the codes it explains beside its components.
 */
import { RequestFailure, TRANSPORT_FAILURE_CODE, type CallOptions } from '@/lib/request';

export class ApiError extends Error {
  constructor(readonly failure: RequestFailure) {
    super(failure.msg || `code ${failure.code}`);
    this.name = 'ApiError';
  }

  get code(): number {
    return this.failure.code;
  }

  /** True when the request never got an answer (network down, timeout): a retry is safe to offer. */
  get isTransport(): boolean {
    return this.failure.code === TRANSPORT_FAILURE_CODE;
  }
}

export async function strictCall<T>(call: (options: CallOptions) => Promise<T | false>): Promise<T> {
  let failure: RequestFailure | null = null;
  const result = await call({ hideNotice: true, onFailure: (reported) => (failure = reported) });
  if (result === false) throw new ApiError(failure ?? new RequestFailure(TRANSPORT_FAILURE_CODE, '', null));
  return result;
}

export function asApiError(error: unknown): ApiError | null {
  return error instanceof ApiError ? error : null;
}
