/**
 * Stock receipts and transfers: their statuses, their lists' state in the URL, and a receipt's
 * progress (scanned / expected) line by line.
 */
import { DEFAULT_PAGE_SIZE, readEnum, readId, readPage, readPageSize, toSearch } from '@/components/filters/listState';
import type { Tone } from '@/components/StatusBadge';
import { fromCents, parseMoneyInput, toCents } from '@/lib/money';
import type { ReceiptLine, TransferRow, Unit } from '../types';
import { imeiMistyped } from './scan';

export const RECEIPT_STATUSES = ['open', 'partial', 'received'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

export const TRANSFER_STATUSES = ['in_transit', 'received'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

export function receiptTone(status: string): Tone {
  return status === 'received' ? 'green' : status === 'partial' ? 'amber' : 'sky';
}

export function transferTone(status: string): Tone {
  return status === 'received' ? 'green' : 'sky';
}

export interface ReceiptListState {
  status: ReceiptStatus | undefined;
  supplier_id: number | undefined;
  /** The receipt being received (its scan panel is open). */
  receipt: number | undefined;
  page: number;
  page_size: number;
}

export function parseReceiptListState(params: URLSearchParams): ReceiptListState {
  return {
    status: readEnum(params, 'status', RECEIPT_STATUSES),
    supplier_id: readId(params, 'supplier_id'),
    receipt: readId(params, 'receipt'),
    page: readPage(params),
    page_size: readPageSize(params),
  };
}

export function receiptListSearch(state: ReceiptListState): string {
  return toSearch({ ...state }, { page: 1, page_size: DEFAULT_PAGE_SIZE });
}

export function receiptListQuery(state: ReceiptListState) {
  return { status: state.status, supplier_id: state.supplier_id, page: state.page, page_size: state.page_size };
}

export interface TransferListState {
  status: TransferStatus | undefined;
  /** The transfer whose detail is open. */
  transfer: number | undefined;
  page: number;
  page_size: number;
}

export function parseTransferListState(params: URLSearchParams): TransferListState {
  return {
    status: readEnum(params, 'status', TRANSFER_STATUSES),
    transfer: readId(params, 'transfer'),
    page: readPage(params),
    page_size: readPageSize(params),
  };
}

export function transferListSearch(state: TransferListState): string {
  return toSearch({ ...state }, { page: 1, page_size: DEFAULT_PAGE_SIZE });
}

export function transferListQuery(state: TransferListState) {
  return { status: state.status, page: state.page, page_size: state.page_size };
}

export function lineFull(line: Pick<ReceiptLine, 'expected_quantity' | 'received_quantity'>): boolean {
  return line.received_quantity >= line.expected_quantity;
}

/** The line a scan goes to: the chosen one while it has room, else the first line with room. */
export function lineForScan(lines: readonly ReceiptLine[], chosen: number | null): ReceiptLine | null {
  const picked = lines.find((line) => line.id === chosen);
  if (picked && !lineFull(picked)) return picked;
  return lines.find((line) => !lineFull(line)) ?? null;
}

/** A receipt line being typed: SKU, quantity and unit cost as the fields hold them. */
export interface DraftLine {
  key: number;
  sku_id: number | null;
  sku_label: string;
  quantity: string;
  unit_cost: string;
  /** A used purchase: the units' fineness; '' at the goods' own. */
  fineness: string;
}

export type DraftLineError = Partial<Record<'sku' | 'quantity' | 'unit_cost', 'required' | 'invalid' | 'duplicate'>>;

/** Each line's problems (empty object: fine); a SKU at one fineness on two lines is a duplicate on the second (new and used of one SKU are two lines). */
export function checkDraftLines(lines: readonly DraftLine[]): DraftLineError[] {
  const seen = new Set<string>();
  return lines.map((line) => {
    const error: DraftLineError = {};
    const key = `${line.sku_id}:${line.fineness}`;
    if (line.sku_id === null) error.sku = 'required';
    else if (seen.has(key)) error.sku = 'duplicate';
    else seen.add(key);
    const quantity = line.quantity.trim();
    if (!quantity) error.quantity = 'required';
    else if (!/^\d{1,4}$/.test(quantity) || Number(quantity) < 1) error.quantity = 'invalid';
    if (!line.unit_cost.trim()) error.unit_cost = 'required';
    else if (parseMoneyInput(line.unit_cost) === null) error.unit_cost = 'invalid';
    return error;
  });
}

/** The receipt's total cost in yuan with two places (integer cents, never floats). */
export function draftTotal(lines: readonly DraftLine[]): string {
  let cents = 0n;
  for (const line of lines) {
    const cost = parseMoneyInput(line.unit_cost);
    const quantity = /^\d{1,4}$/.test(line.quantity.trim()) ? BigInt(line.quantity.trim()) : 0n;
    if (cost !== null) cents += toCents(cost) * quantity;
  }
  return fromCents(cents);
}

/** Whether this session receives the transfer: it is in transit and goes to the session's place (a sub-shop account: its own). */
export function mayReceive(row: Pick<TransferRow, 'status' | 'to_sub_shop_id'>, ownSubShop: { id: number } | null, canTransfer: boolean): boolean {
  if (!canTransfer || row.status !== 'in_transit') return false;
  return ownSubShop === null || row.to_sub_shop_id === ownSubShop.id;
}

/** Why a scanned code cannot go on a transfer from `from` (null: the warehouse), as a message key of `assets.send` and its values; null: it may go. */
export type TransferScanRefusal =
  | { key: 'notFound' | 'imeiTypo' | 'already' | 'inTransit' | 'withCustomerNoOrder' | 'returningNoOrder'; values?: undefined }
  | { key: 'withCustomer' | 'returning'; values: { order: string } }
  | { key: 'notInStock'; values: { status: string } }
  | { key: 'elsewhere'; values: { place: string } };

type ScannedUnit = Pick<Unit, 'id' | 'status_label' | 'sub_shop_id' | 'place_name' | 'order_no'> & { status: string };

export function transferScanRefusal(code: string, unit: ScannedUnit | null, from: number | null, taken: readonly number[]): TransferScanRefusal | null {
  if (!unit) return { key: imeiMistyped(code) ? 'imeiTypo' : 'notFound' };
  if (taken.includes(unit.id)) return { key: 'already' };
  if (unit.status === 'in_transit') return { key: 'inTransit' };
  if (unit.status === 'out_with_customer') return unit.order_no ? { key: 'withCustomer', values: { order: unit.order_no } } : { key: 'withCustomerNoOrder' };
  if (unit.status === 'returning') return unit.order_no ? { key: 'returning', values: { order: unit.order_no } } : { key: 'returningNoOrder' };
  if (unit.status !== 'in_stock') return { key: 'notInStock', values: { status: unit.status_label || unit.status } };
  if ((unit.sub_shop_id ?? null) !== from) return { key: 'elsewhere', values: { place: unit.place_name } };
  return null;
}

/** A transfer's units still in transit: those the receiver may tick. */
export function unitsInTransit<T extends { status: string }>(units: readonly T[]): T[] {
  return units.filter((unit) => unit.status === 'in_transit');
}

/**
 * The server's problems with one field of a receipt's lines (`lines.<n>.<field>`, as input
 * validation names them), keyed by each line's own key (the n-th line sent is `keys[n]`).
 */
export function lineFieldErrors(fields: Record<string, string[]>, field: string, keys: readonly number[]): Record<number, string> {
  const found: Record<number, string> = {};
  for (const [name, messages] of Object.entries(fields)) {
    const match = /^lines\.(\d+)\.(.+)$/.exec(name);
    const key = match ? keys[Number(match[1])] : undefined;
    const first = Array.isArray(messages) ? messages[0] : undefined;
    if (match && match[2] === field && key !== undefined && first) found[key] = first;
  }
  return found;
}
