/**
 * The shop opening an after-sale business for the customer (applyAfterSale): a refund before
 * shipment, a return, an exchange, a buyout or a renewal of an order in lease. The detail lists the kinds
 * the order allows now under the kind's own name in `actions`.
 */

/** The kinds the back office opens, in the order their buttons show. */
export const APPLY_KINDS = ['return', 'exchange', 'buyout', 'renewal', 'refund'] as const;
export type ApplyKind = (typeof APPLY_KINDS)[number];

/** A renewal adds 1 to 36 periods (the backend's limit). */
export const EXTRA_TERM_MIN = 1;
export const EXTRA_TERM_MAX = 36;

/** The reason the shop writes down, at most this long (the backend keeps 300). */
export const APPLY_REASON_MAX = 300;

/** Refusals the dialog explains in its own words. */
export const AFTER_SALE_ERRORS = {
  /** Another after-sale business is already open on the order. */
  alreadyOpen: 1302,
  /** Buyout is not allowed at this point of the lease (too few periods paid, or no ownership transfer). */
  buyoutNotAllowed: 1306,
} as const;

export type ExtraTermProblem = 'required' | 'notWhole' | 'outOfRange';

/** What is wrong with the typed number of extra periods, or null when it may be sent. */
export function extraTermProblem(text: string): ExtraTermProblem | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'required';
  if (!/^\d+$/.test(trimmed)) return 'notWhole';
  const value = Number(trimmed);
  return value < EXTRA_TERM_MIN || value > EXTRA_TERM_MAX ? 'outOfRange' : null;
}

/** The body of applyAfterSale (without the order): the extra periods only for a renewal. */
export function applyAfterSaleBody(kind: ApplyKind, reason: string, extraTermText: string): { kind: ApplyKind; reason: string; extra_term: number } {
  return { kind, reason: reason.trim(), extra_term: kind === 'renewal' ? Number(extraTermText.trim()) : 0 };
}
