/**
 * What happens next to an order, and who acts: one line per state (`order.nextStep.*`). An open
 * after-sale business and an overdue bill come first (they are what the order waits for then);
 * an order awaiting signature says whether the contract is already signed (then it waits for the
 * first payment only); an ended order says whether something is still owed.
 */
import { isPositive } from './money';

export type NextStep =
  | 'after_sale'
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

export interface NextStepFacts {
  status: string;
  kind: string;
  overdue_since?: string | null;
  owed_amount?: string | null;
  contract?: { status: string } | null;
  after_sales: readonly { status: string }[];
}

const ENDED = new Set(['completed', 'bought_out', 'cancelled', 'refunded', 'closed', 'refused']);

export function orderNextStep(order: NextStepFacts): NextStep {
  const ended = ENDED.has(order.status);
  if (!ended && order.after_sales.some((business) => business.status === 'open' || business.status === 'approved')) return 'after_sale';
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
