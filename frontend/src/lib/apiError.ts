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

/**
 * The server's field errors as one message per form field. `data.fields` keys are dotted paths
 * ("settlement.account_number"); `aliases` maps server names to form names where they differ.
 * Codes that name one field without `data.fields` (taken slug, taken username, weak password)
 * are attached to that field so the message sits beside it.
 */
export function fieldErrorsOf(
  error: ApiError,
  options: { aliases?: Record<string, string>; codeFields?: Partial<Record<number, string>> } = {},
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.failure.fields)) {
    const name = options.aliases?.[field] ?? field;
    const first = Array.isArray(messages) ? messages[0] : String(messages);
    if (first) result[name] = first;
  }
  const codeField = options.codeFields?.[error.code];
  if (codeField && !result[codeField]) result[codeField] = error.message;
  return result;
}
