/**
 * The one currency formatter (spec 9): CNY in zh-CN, an empty amount shows 0.00. Amounts come
 * as decimal-yuan strings ("12.50"), numbers, or integer cents (fields named *_cents). The
 * value is handed to Intl as a decimal string, so no float arithmetic touches money.
 */
const formatter = new Intl.NumberFormat('zh-CN', {
  style: 'currency',
  currency: 'CNY',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)$/;
const INTEGER = /^[-+]?\d+$/;

export type Amount = string | number | bigint | null | undefined;

function toDecimalString(amount: Amount): string | null {
  if (amount === null || amount === undefined) return null;
  if (typeof amount === 'number') return Number.isFinite(amount) ? String(amount) : null;
  const text = String(amount).trim().replace(/,/g, '');
  return DECIMAL.test(text) ? text : null;
}

/** "1250" cents → "12.50", by moving the decimal point in the string. */
export function centsToYuan(cents: Amount): string | null {
  if (cents === null || cents === undefined) return null;
  if (typeof cents === 'number' && !Number.isInteger(cents)) return null;
  const text = String(cents).trim();
  if (!INTEGER.test(text)) return null;
  const negative = text.startsWith('-');
  const digits = text.replace(/^[-+]/, '').padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

export function formatCurrency(amount: Amount, options: { cents?: boolean } = {}): string {
  const decimal = options.cents ? centsToYuan(amount) : toDecimalString(amount);
  // Intl accepts decimal strings exactly (ECMA-402 NumberFormat v3); the cast is for older lib typings.
  return formatter.format((decimal ?? '0') as unknown as number);
}
