/**
 * An order list as an export (exportCreate): the kind follows the list's order kind and the
 * filters are the list's own, as backendOrderList takes them, less what only pages a list
 * (page, page size) or names a merchant (the platform's; exports are the store's).
 */
import type { OrderListQuery, OrderListState } from './orderListState';
import { orderListQuery } from './orderListState';
import type { OrderKind, OrderListScope, OrderStage } from './stages';

export type OrderExportKind = 'lease_orders' | 'purchase_orders';
export type OrderExportFilters = Omit<OrderListQuery, 'page' | 'page_size' | 'merchant_id'>;

export function orderExportKind(kind: OrderKind): OrderExportKind {
  return kind === 'lease' ? 'lease_orders' : 'purchase_orders';
}

export function orderExportFilters(state: OrderListState, context: { stage: OrderStage; scope: OrderListScope }): OrderExportFilters {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- left out on purpose (see above)
  const { page, page_size, merchant_id, ...filters } = orderListQuery(state, { ...context, platform: false });
  return filters;
}
