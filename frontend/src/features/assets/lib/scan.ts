/**
 * Codes as a scanner or a paste hands them: a USB scanner types a code and presses Enter; a
 * pasted column holds one code a line (a spreadsheet's column may bring tabs, commas, blank lines
 * and Windows line ends).
 */

/** A code is at most 64 characters (the longest serial the backend keeps). */
export const CODE_MAX = 64;

export function normalizeCode(raw: string): string {
  return raw.trim().replace(/\s+/g, '');
}

/** Each non-empty line (or cell) of pasted text, in order; a code repeated in the paste is kept once. */
export function splitCodes(text: string): string[] {
  const seen = new Set<string>();
  const codes: string[] = [];
  for (const piece of text.split(/[\r\n\t,;]+/)) {
    const code = normalizeCode(piece);
    if (!code || seen.has(code)) continue;
    seen.add(code);
    codes.push(code);
  }
  return codes;
}

/** Whether a paste is a column of codes (more than one), as opposed to one code typed in pieces. */
export function isCodeColumn(text: string): boolean {
  return splitCodes(text).length > 1;
}

/** A 15-digit IMEI whose last digit is the Luhn check digit of the first 14 (the backend's rule). */
export function imeiValid(code: string): boolean {
  if (!/^\d{15}$/.test(code)) return false;
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    let digit = Number(code[index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10 === Number(code[14]);
}

export type ScanOutcome = 'ok' | 'error';

export interface ScanResult<T = unknown> {
  /** Increasing: the list's key and the order of scans. */
  seq: number;
  code: string;
  outcome: ScanOutcome;
  /** The server's or the screen's words for an error. */
  message: string;
  value?: T;
}

/** The last scans, newest first, at most `keep`. */
export function pushResult<T>(results: readonly ScanResult<T>[], result: ScanResult<T>, keep = 20): ScanResult<T>[] {
  return [result, ...results].slice(0, keep);
}
