/**
 * The words of orders the screens use: the six list stages and their routes, the statuses
 * each stage and kind can hold (for the status pills), and a tone per status. Labels come
 * from the catalogue (`order.stage.*`, `order.status.*`), never from the codes.
 */
import type { Tone } from '@/components/StatusBadge';

// `owing`: finished (goods back, inspected) yet still owing something — a charge or a bill.
export const ORDER_STAGES = ['regular', 'dealing', 'overdue', 'finished', 'owing', 'after_sale'] as const;
export type OrderStage = (typeof ORDER_STAGES)[number];

export const ORDER_KINDS = ['lease', 'purchase'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

export const ORDER_STATUSES = [
  'awaiting_audit',
  'refused',
  'awaiting_signing',
  'awaiting_payment',
  'paid',
  'awaiting_shipment',
  'shipped',
  'in_lease',
  'returning',
  'inspecting',
  'completed',
  'bought_out',
  'cancelled',
  'refunded',
  'closed',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** `main`: the shop's (or the platform's) lists; `sub`: the sub-shop lists (`/s_…`). */
export type OrderListScope = 'main' | 'sub';

const STAGE_PATHS: Record<OrderStage, string> = {
  regular: '/regularOrder',
  dealing: '/dealingOrder',
  overdue: '/overdueOrder',
  finished: '/finishedOrder',
  owing: '/owingOrder',
  after_sale: '/afterSaleOrder',
};

export function stageListPath(stage: OrderStage, scope: OrderListScope = 'main'): string {
  const path = STAGE_PATHS[stage];
  return scope === 'sub' ? `/s_${path.slice(1)}` : path;
}

export function isOrderStage(value: string): value is OrderStage {
  return (ORDER_STAGES as readonly string[]).includes(value);
}

// What the backend's state machine lets each stage hold (apps/orders/machine.py `stage_of`):
// an open after-sale first, then overdue, then the status.
const DEAL_RUNNING: readonly OrderStatus[] = ['paid', 'awaiting_shipment', 'shipped', 'in_lease', 'returning', 'inspecting'];
const STAGE_STATUSES: Record<OrderStage, readonly OrderStatus[]> = {
  regular: ['awaiting_audit', 'awaiting_signing', 'awaiting_payment', 'refused', 'cancelled'],
  dealing: DEAL_RUNNING,
  overdue: DEAL_RUNNING,
  finished: ['completed', 'bought_out', 'refunded', 'closed'],
  owing: ['completed', 'bought_out', 'refunded', 'closed'],
  after_sale: DEAL_RUNNING,
};
const KIND_STATUSES: Record<OrderKind, readonly OrderStatus[]> = {
  lease: ['awaiting_audit', 'refused', 'awaiting_signing', 'awaiting_shipment', 'shipped', 'in_lease', 'returning', 'inspecting', 'completed', 'bought_out', 'cancelled', 'refunded', 'closed'],
  purchase: ['awaiting_payment', 'paid', 'shipped', 'completed', 'cancelled', 'refunded', 'closed'],
};

/** The statuses an order of this kind can have in this stage: the status pills of a list. */
export function statusesFor(stage: OrderStage, kind: OrderKind): OrderStatus[] {
  return STAGE_STATUSES[stage].filter((status) => KIND_STATUSES[kind].includes(status));
}

const STATUS_TONES: Record<OrderStatus, Tone> = {
  awaiting_audit: 'amber',
  refused: 'red',
  awaiting_signing: 'amber',
  awaiting_payment: 'amber',
  paid: 'sky',
  awaiting_shipment: 'amber',
  shipped: 'sky',
  in_lease: 'green',
  returning: 'sky',
  inspecting: 'sky',
  completed: 'slate',
  bought_out: 'slate',
  cancelled: 'slate',
  refunded: 'slate',
  closed: 'red',
};

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

export function orderStatusTone(status: string): Tone {
  return isOrderStatus(status) ? STATUS_TONES[status] : 'slate';
}

/** Bill states as the backend reads them for a person (apps/billing `bill_state`). */
export const BILL_STATES = ['unpaid', 'overdue', 'paying', 'paid', 'cancelled', 'written_off'] as const;
const BILL_TONES: Record<string, Tone> = { unpaid: 'amber', overdue: 'red', paying: 'sky', paid: 'green', cancelled: 'slate', written_off: 'slate' };

export function billStateTone(state: string): Tone {
  return BILL_TONES[state] ?? 'slate';
}

/** The platform opens a merchant's order by both ids; a shop by the order id alone. */
export function orderDetailHref(id: number, merchantId?: number | null): string {
  return merchantId ? `/orderInfo/${id}?merchant_id=${merchantId}` : `/orderInfo/${id}`;
}

export function billingDetailsHref(id: number, merchantId?: number | null): string {
  return merchantId ? `/billingDetails/${id}?merchant_id=${merchantId}` : `/billingDetails/${id}`;
}
