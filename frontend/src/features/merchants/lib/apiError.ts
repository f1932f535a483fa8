/** Error handling shared by the merchants, sub-shops and staff features. */
import type { ApiError } from '@/lib/apiError';

export { ApiError, asApiError, strictCall } from '@/lib/apiError';

/** Backend codes these screens explain (tenants/merchant_services.py, apps/subshops). */
export const ACCOUNT_ERRORS = {
  validation: 400,
  notFound: 404,
  conflict: 409,
  merchantUnavailable: 1005,
  weakPassword: 1009,
  slugTaken: 1011,
  usernameTaken: 1100,
  idempotencyReused: 1101,
  subShopDisabled: 1102,
} as const;

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
