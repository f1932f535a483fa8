/**
 * Stock receipts and transfers: their statuses, their lists' state in the URL, and a receipt's
 * progress (scanned / expected) line by line.
 */
import { DEFAULT_PAGE_SIZE, readEnum, readId, readPage, readPageSize, toSearch } from '@/components/filters/listState';
import type { Tone } from '@/components/StatusBadge';
import { fromCents, parseMoneyInput, toCents } from '@/lib/money';
import type { ReceiptLine, TransferRow } from '../types';

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
}

export type DraftLineError = Partial<Record<'sku' | 'quantity' | 'unit_cost', 'required' | 'invalid' | 'duplicate'>>;

/** Each line's problems (empty object: fine); a SKU on two lines is a duplicate on the second. */
export function checkDraftLines(lines: readonly DraftLine[]): DraftLineError[] {
  const seen = new Set<number>();
  return lines.map((line) => {
    const error: DraftLineError = {};
    if (line.sku_id === null) error.sku = 'required';
    else if (seen.has(line.sku_id)) error.sku = 'duplicate';
    else seen.add(line.sku_id);
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
