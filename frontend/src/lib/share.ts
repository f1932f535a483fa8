/**
 * Shares (a rate 0–1 the API sends with four places, "0.2000") and the percentages people type
 * ("20"). Converted on digits, never through floats, like the amounts in money.ts.
 */

/** "0.2000" → "20%", "0.0550" → "5.5%"; anything unreadable → "0%". */
export function shareText(share: string | null | undefined): string {
  const match = /^(\d+)(?:\.(\d{1,4}))?$/.exec(String(share ?? '').trim());
  if (!match) return '0%';
  const digits = `${match[1]}${(match[2] ?? '').padEnd(4, '0')}`.replace(/^0+(?=\d{3})/, '');
  const whole = digits.slice(0, -2).replace(/^0+(?=\d)/, '') || '0';
  const fraction = digits.slice(-2).replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''}%`;
}

/** "20" → "0.2000", "5.5" → "0.0550"; null unless 0–100 with at most two places. */
export function percentToShare(text: string): string | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (basisPoints > 10_000) return null;
  return `${Math.floor(basisPoints / 10_000)}.${String(basisPoints % 10_000).padStart(4, '0')}`;
}

/** "0.2000" → "20": the share as the percent typed in a form. */
export function shareToPercent(share: string | null | undefined): string {
  return shareText(share).replace(/%$/, '');
}
