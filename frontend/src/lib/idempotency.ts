/**
 * Money calls (bill payment, deposit thaw/transfer/refund, shipping-fee refund, inspection
 * with damage) carry an idempotency key: one key per attempt a person makes, kept while the
 * dialog is open, so a retry after a lost answer is the same attempt and never charges twice.
 */
export const IDEMPOTENCY_KEY_MAX = 64;

export function newIdempotencyKey(purpose: string, random: () => string = () => crypto.randomUUID()): string {
  return `${purpose}-${random()}`.slice(0, IDEMPOTENCY_KEY_MAX);
}
