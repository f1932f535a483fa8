/**
 * Offline repayments and early settlement (apps/billing/offline.py, early.py): what finance
 * records when a customer paid outside the payment provider, and settling a lease at once.
 * Amounts stay decimal strings compared as integer cents (`money.ts`).
 */
import { fromCents, notAbove, parseMoneyInput, toCents } from './money';

/** An offline repayment must be exactly what the bill owes (late fee, then rent). */
export const OFFLINE_AMOUNT_MISMATCH = 1406;
/** The early settlement's total changed since the quote (a late fee accrued, a bill fell due). */
export const QUOTE_CHANGED = 1407;
/** Nothing left to settle on the order. */
export const NOTHING_TO_SETTLE = 1408;
/** Another payment of the order is being processed. */
export const PAYMENT_IN_PROGRESS = 1305;
/** An older bill is still open: it is repaid first. */
export const OLDER_BILL_FIRST = 1402;
/** An after-sale business is open on the order. */
export const AFTER_SALE_OPEN = 1302;
/** A buyout (and so an early settlement that transfers ownership) is not allowed yet. */
export const BUYOUT_NOT_ALLOWED = 1306;

export const OFFLINE_CHANNELS = ['bank_transfer', 'cash', 'wechat', 'alipay', 'other'] as const;
export type OfflineChannel = (typeof OFFLINE_CHANNELS)[number];

export const PAYER_NAME_MAX = 50;
export const BANK_REFERENCE_MAX = 64;
export const REMARK_MAX = 200;
/** The server keeps vouchers of at most 1.5 MB (decoded), JPEG or PNG. */
export const VOUCHER_MAX_BYTES = 1_500_000;
export const VOUCHER_TYPES = ['image/jpeg', 'image/png'] as const;

interface BillLike {
  period: number;
  state: string;
  late_fee_owed: string;
  amount: string;
  paid_amount: string;
  /** Principal forgiven by waivers (a part of it, or all that was left). */
  waived_amount?: string;
}

/** What of a bill's principal (rent, or the charge) is neither paid nor forgiven. */
export function principalOwed(bill: BillLike): string {
  const cents = toCents(bill.amount) - toCents(bill.paid_amount) - toCents(bill.waived_amount ?? '0');
  return fromCents(cents < 0n ? 0n : cents);
}

/** What settles a bill now: its late fee still owed, then its rent. */
export function owedNow(bill: BillLike): string {
  const cents = toCents(bill.late_fee_owed) + toCents(principalOwed(bill));
  return fromCents(cents < 0n ? 0n : cents);
}

/**
 * The bill finance may record as repaid offline: the order's oldest open instalment, while no
 * bill of the order is being paid (the server refuses the others: 1402, 1305).
 */
export function offlineRepayableBill<T extends BillLike>(actions: readonly string[], bills: readonly T[]): T | null {
  if (!actions.includes('offline_repayment')) return null;
  const open = bills.filter((bill) => bill.period >= 1 && (bill.state === 'unpaid' || bill.state === 'overdue' || bill.state === 'paying'));
  if (open.some((bill) => bill.state === 'paying')) return null;
  return open.reduce<T | null>((oldest, bill) => (oldest === null || bill.period < oldest.period ? bill : oldest), null);
}

export interface OfflineForm {
  amount: string;
  channel: string;
  paid_on: string;
  payer_name: string;
  bank_reference: string;
  remark: string;
  voucher_base64: string;
}

export type OfflineProblem =
  | { field: 'amount'; problem: 'invalid' | 'mismatch' }
  | { field: 'channel'; problem: 'required' }
  | { field: 'paid_on'; problem: 'required' | 'future' }
  | { field: 'payer_name'; problem: 'required' | 'tooLong' }
  | { field: 'bank_reference'; problem: 'required' | 'tooLong' }
  | { field: 'remark'; problem: 'tooLong' }
  | { field: 'voucher_base64'; problem: 'required' };

export interface OfflineDetailsBody {
  channel: OfflineChannel;
  paid_on: string;
  payer_name: string;
  bank_reference: string;
  remark: string;
  voucher_base64: string;
}

function isChannel(value: string): value is OfflineChannel {
  return (OFFLINE_CHANNELS as readonly string[]).includes(value);
}

/** The receipt's fields checked as the server checks them (`today` is the local YYYY-MM-DD). */
export function offlineDetailsInput(form: Omit<OfflineForm, 'amount'>, today: string): { body: OfflineDetailsBody } | { problems: OfflineProblem[] } {
  const problems: OfflineProblem[] = [];
  if (!isChannel(form.channel)) problems.push({ field: 'channel', problem: 'required' });
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.paid_on)) problems.push({ field: 'paid_on', problem: 'required' });
  else if (form.paid_on > today) problems.push({ field: 'paid_on', problem: 'future' });
  const payer = form.payer_name.trim();
  if (!payer) problems.push({ field: 'payer_name', problem: 'required' });
  else if ([...payer].length > PAYER_NAME_MAX) problems.push({ field: 'payer_name', problem: 'tooLong' });
  const reference = form.bank_reference.trim();
  if (form.channel === 'bank_transfer' && !reference) problems.push({ field: 'bank_reference', problem: 'required' });
  else if ([...reference].length > BANK_REFERENCE_MAX) problems.push({ field: 'bank_reference', problem: 'tooLong' });
  const remark = form.remark.trim();
  if ([...remark].length > REMARK_MAX) problems.push({ field: 'remark', problem: 'tooLong' });
  if (!form.voucher_base64) problems.push({ field: 'voucher_base64', problem: 'required' });
  if (problems.length > 0 || !isChannel(form.channel)) return { problems };
  return { body: { channel: form.channel, paid_on: form.paid_on, payer_name: payer, bank_reference: reference, remark, voucher_base64: form.voucher_base64 } };
}

/**
 * What recordOfflineRepayment sends for one bill: the amount must be exactly what the bill
 * owes now (`owed`), the receipt's fields as `offlineDetailsInput`.
 */
export function offlineRepaymentInput(form: OfflineForm, owed: string, today: string): { body: OfflineDetailsBody & { amount: string } } | { problems: OfflineProblem[] } {
  const problems: OfflineProblem[] = [];
  const amount = parseMoneyInput(form.amount);
  if (amount === null) problems.push({ field: 'amount', problem: 'invalid' });
  else if (!(notAbove(amount, owed) && notAbove(owed, amount))) problems.push({ field: 'amount', problem: 'mismatch' });
  const details = offlineDetailsInput(form, today);
  if ('problems' in details) problems.push(...details.problems);
  if (problems.length > 0 || amount === null || 'problems' in details) return { problems };
  return { body: { ...details.body, amount } };
}

export type VoucherProblem = 'type' | 'tooLarge';

/** A picked file the server would refuse before it is read (its type, or too large once shrunk). */
export function voucherProblem(file: { type: string; size: number }): VoucherProblem | null {
  if (!(VOUCHER_TYPES as readonly string[]).includes(file.type)) return 'type';
  return null;
}

/** Base64 of bytes (no data: prefix), as the server reads `voucher_base64`. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let index = 0; index < bytes.length; index += chunk) binary += String.fromCharCode(...bytes.subarray(index, index + chunk));
  return btoa(binary);
}

