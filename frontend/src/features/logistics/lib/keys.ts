/** An idempotency key for one attempt of a carrier write (kept while its dialog is open). */
export function newIdempotencyKey(): string {
  const random = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID().replace(/-/g, '') : `${Date.now()}${Math.random().toString(16).slice(2)}`;
  return `wb-${random}`.slice(0, 64);
}
