/**
 * Codes as a scanner or a paste hands them: a USB scanner types a code and presses Enter; a
 * pasted column holds one code a line (a spreadsheet's column may bring tabs, commas, blank lines
 * and Windows line ends).
 */
import { asApiError } from '@/lib/apiError';

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

/** 15 digits whose check digit is wrong: an IMEI misread or mistyped (the backend refuses it unless told it is not an IMEI). */
export function imeiMistyped(code: string): boolean {
  return /^\d{15}$/.test(code) && !imeiValid(code);
}

/** The flag a refusal names (`data.confirm`) that lets the person confirm the code is not an IMEI. */
export function asksNotImei(error: unknown): boolean {
  const data = asApiError(error)?.failure.data as { confirm?: unknown } | null | undefined;
  return data?.confirm === 'not_imei';
}

/**
 * Why a scan failed, in words for the person scanning: a field's problem (the server's words
 * beside the code, not "the submitted data is not valid"), the server's message, or the
 * screen's own refusal (an Error it threw); `fallback` when none says more.
 */
export function scanFailureMessage(error: unknown, fallback: string): string {
  const apiError = asApiError(error);
  if (apiError) {
    const first = Object.values(apiError.failure.fields).find((messages) => Array.isArray(messages) && messages[0]);
    return (first && first[0]) || apiError.failure.msg || fallback;
  }
  return error instanceof Error && error.message ? error.message : fallback;
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
  /** A refused scan the person may confirm another way (this code is not an IMEI: keep it as a serial number). */
  confirm?: ScanConfirm<T>;
}

export interface ScanConfirm<T = unknown> {
  label: string;
  run: () => Promise<T>;
}

/** The list with the scan `seq` replaced (a refused scan confirmed, or refused again). */
export function replaceResult<T>(results: readonly ScanResult<T>[], result: ScanResult<T>): ScanResult<T>[] {
  return results.map((item) => (item.seq === result.seq ? result : item));
}

/** The last scans, newest first, at most `keep`. */
export function pushResult<T>(results: readonly ScanResult<T>[], result: ScanResult<T>, keep = 20): ScanResult<T>[] {
  return [result, ...results].slice(0, keep);
}
