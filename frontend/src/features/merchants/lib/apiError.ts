/** Error handling shared by the merchants, sub-shops and staff features. */
export { ApiError, asApiError, fieldErrorsOf, strictCall } from '@/lib/apiError';

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
