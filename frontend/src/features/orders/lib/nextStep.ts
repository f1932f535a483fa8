/**
 * What happens next to an order, and who acts: one line per state (`order.nextStep.*`).
 *
 * An open after-sale business comes first (it is what the order waits for then), one line
 * per kind and state (apps/orders/after_sale.py):
 * - open: the shop decides (approve or reject); the line says who asked — the customer, or
 *   the shop for them (`started_by`; a return the shop starts is approved as it starts);
 * - a return approved: the order is `returning` (the customer sends the goods back, their
 *   parcel perhaps on its way; the shop confirms receipt), then `inspecting` (the shop
 *   inspects, records any damage, the deposit settles and the order completes);
 * - a buyout approved: the buyout is being charged through the customer's withhold
 *   agreement; the provider's confirmation ends the order bought out;
 * - a refund or a renewal approved (done at once when approved; shown while it settles);
 * - an exchange approved: the customer sends the goods back, the shop confirms receipt, then
 *   the replacement goes out.
 * A business done, rejected or cancelled leaves the order's own state: then an overdue bill,
 * an order awaiting signature (whether the contract is already signed), an ended order
 * (whether something is still owed).
 */
import { isPositive } from './money';

export type AfterSaleStep =
  | 'refund_open'
  | 'refund_approved'
  | 'return_open'
  | 'return_approved'
  | 'return_shipped'
  | 'return_inspecting'
  | 'buyout_open'
  | 'buyout_approved'
  | 'renewal_open'
  | 'renewal_approved'
  | 'exchange_open'
  | 'exchange_approved'
  | 'exchange_shipped'
  | 'exchange_received';

export type NextStep =
  | AfterSaleStep
  | 'overdue'
  | 'awaiting_audit'
  | 'refused'
  | 'awaiting_signing'
  | 'awaiting_first_payment'
  | 'awaiting_payment'
  | 'paid'
  | 'awaiting_shipment'
  | 'shipped_lease'
  | 'shipped_purchase'
  | 'in_lease'
  | 'returning'
  | 'inspecting'
  | 'owing'
  | 'completed'
  | 'bought_out'
  | 'cancelled'
  | 'refunded'
  | 'closed';

export interface NextStepAfterSale {
  kind: string;
  status: string;
  /** Who asked: the customer, or the shop for the customer. */
  started_by?: string;
  /** A buyout: what it charges. */
  amount?: string;
  /** A return or exchange: the day the goods came back. */
  received_on?: string | null;
}

export interface NextStepFacts {
  status: string;
  kind: string;
  overdue_since?: string | null;
  owed_amount?: string | null;
  contract?: { status: string } | null;
  after_sales: readonly NextStepAfterSale[];
  /** The parcels of the order: a `return` one not yet delivered is the customer's on its way. */
  shipments?: readonly { direction: string; delivered_at?: string | null }[];
}

/** What the line's words need besides the side: who asked for the business, what it charges. */
export interface NextStepValues {
  who: 'customer' | 'shop';
  amount: string;
}

const ENDED = new Set(['completed', 'bought_out', 'cancelled', 'refunded', 'closed', 'refused']);
const OPEN = new Set(['open', 'approved']);

/** The order's open after-sale business (the newest open or approved one), or null. */
function openBusiness(order: NextStepFacts): NextStepAfterSale | null {
  return order.after_sales.find((business) => OPEN.has(business.status)) ?? null;
}

function returnOnItsWay(order: NextStepFacts): boolean {
  return (order.shipments ?? []).some((parcel) => parcel.direction === 'return' && !parcel.delivered_at);
}

function afterSaleStep(order: NextStepFacts, business: NextStepAfterSale): AfterSaleStep | null {
  const open = business.status === 'open';
  switch (business.kind) {
    case 'refund':
      return open ? 'refund_open' : 'refund_approved';
    case 'buyout':
      return open ? 'buyout_open' : 'buyout_approved';
    case 'renewal':
      return open ? 'renewal_open' : 'renewal_approved';
    case 'return':
      if (open) return 'return_open';
      if (order.status === 'inspecting') return 'return_inspecting';
      return returnOnItsWay(order) ? 'return_shipped' : 'return_approved';
    case 'exchange':
      if (open) return 'exchange_open';
      if (business.received_on) return 'exchange_received';
      return returnOnItsWay(order) ? 'exchange_shipped' : 'exchange_approved';
    default:
      return null;
  }
}

export function orderNextStep(order: NextStepFacts): NextStep {
  const ended = ENDED.has(order.status);
  const business = ended ? null : openBusiness(order);
  const step = business && afterSaleStep(order, business);
  if (step) return step;
  if (ended && isPositive(order.owed_amount ?? '0')) return 'owing';
  if (!ended && order.overdue_since) return 'overdue';
  switch (order.status) {
    case 'awaiting_signing':
      return order.contract?.status === 'signed' ? 'awaiting_first_payment' : 'awaiting_signing';
    case 'shipped':
      return order.kind === 'purchase' ? 'shipped_purchase' : 'shipped_lease';
    case 'awaiting_audit':
    case 'refused':
    case 'awaiting_payment':
    case 'paid':
    case 'awaiting_shipment':
    case 'in_lease':
    case 'returning':
    case 'inspecting':
    case 'completed':
    case 'bought_out':
    case 'cancelled':
    case 'refunded':
    case 'closed':
      return order.status;
    default:
      return 'closed';
  }
}

/** The values of the order's line: who asked for its open business, and what a buyout charges. */
export function nextStepValues(order: NextStepFacts): NextStepValues {
  const business = openBusiness(order);
  return { who: business?.started_by === 'shop' ? 'shop' : 'customer', amount: business?.amount ?? '0.00' };
}
