/**
 * Amounts typed into the money dialogs (deposit thaw, damage, refund, waivers, withdrawals). They stay decimal
 * strings end to end: checked by pattern and compared as integer cents (BigInt), never as
 * floats, and sent as strings the backend reads as Decimal.
 */
const MONEY = /^(\d{1,10})(?:\.(\d{1,2}))?$/;

/** "12.5" → "12.50"; an empty, malformed, zero or negative amount → null. */
export function parseMoneyInput(text: string): string | null {
  const match = MONEY.exec(text.trim());
  if (!match) return null;
  const whole = match[1]!.replace(/^0+(?=\d)/, '');
  const fraction = (match[2] ?? '').padEnd(2, '0');
  const normalized = `${whole}.${fraction}`;
  return toCents(normalized) > 0n ? normalized : null;
}

/** "12.50" → 1250n; anything that is not a two-place decimal string → 0n. */
export function toCents(amount: string): bigint {
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) return 0n;
  const cents = BigInt(match[2]!) * 100n + BigInt((match[3] ?? '').padEnd(2, '0') || '0');
  return match[1] ? -cents : cents;
}

/** True when `amount` is at most `limit` (both decimal strings). */
export function notAbove(amount: string, limit: string): boolean {
  return toCents(amount) <= toCents(limit);
}

export function isPositive(amount: string): boolean {
  return toCents(amount) > 0n;
}

/** 1250n → "12.50". */
export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const digits = (negative ? -cents : cents).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** `a - b` of two decimal strings, never below zero (what is left to refund or thaw). */
export function remainder(a: string, b: string): string {
  const left = toCents(a) - toCents(b);
  return fromCents(left > 0n ? left : 0n);
}
