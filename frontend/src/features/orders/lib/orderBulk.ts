/**
 * The order lists' bulk actions (store side): which the session may use, and the ids they
 * send. Every call is all or none: a refusal (404 an order not found or not the session's,
 * 409 an order whose state does not allow it) means no order changed.
 */
import { TRANSPORT_FAILURE_CODE } from '@/lib/request';
import type { OrderRow } from '../queries';

export const BULK_ACTIONS = ['allocate', 'allocate_sub_shop', 'close'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/**
 * What the list offers: nothing on the platform or without `order.manage`; a sub-shop's own
 * account does not move orders between sub-shops (it picks none).
 */
export function bulkActionsFor(context: { platform: boolean; canManage: boolean; ownSubShop: boolean }): BulkAction[] {
  if (context.platform || !context.canManage) return [];
  return BULK_ACTIONS.filter((action) => action !== 'allocate_sub_shop' || !context.ownSubShop);
}

/** The row id the list's table uses (the platform's rows are per merchant). */
export function orderRowId(row: Pick<OrderRow, 'id' | 'merchant_id'>): string {
  return `${row.merchant_id ?? 0}-${row.id}`;
}

export function orderIds(rows: readonly Pick<OrderRow, 'id'>[]): number[] {
  return [...new Set(rows.map((row) => row.id))];
}

/**
 * What a failed bulk call means for the orders: any answered refusal (404, 409, a field error …)
 * changed none of them, the calls being all or none; without an answer nobody can say.
 */
export function bulkFailureOutcome(code: number): 'nothingChanged' | 'unknown' {
  return code === TRANSPORT_FAILURE_CODE ? 'unknown' : 'nothingChanged';
}
