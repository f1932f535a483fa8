/**
 * An order's timeline as entries of the kit's history list: a status move reads as
 * "订单状态 由 待审核 改为 待支付签约", a change (bill paid, deposit frozen, contract signed …)
 * by its action with the few facts a person needs. Amounts are formatted here; hashes and ids
 * are left out.
 */
import type { HistoryEntry } from '@/components/history/HistoryList';
import { formatCurrency } from '@/components/format';

export interface TimelineRow {
  id: number;
  kind: 'status' | 'change';
  action: string;
  from_status: string;
  to_status: string;
  reason: string;
  actor: string;
  created_at: string;
  after?: unknown;
}

/** The facts of a change worth reading, in this order; everything else is left out. */
const SHOWN_FACTS = ['period', 'amount', 'discount', 'bills', 'method', 'purpose', 'kind', 'status', 'contract_no', 'version', 'channel', 'paid_on', 'tracking_no', 'remark'] as const;
const MONEY_FACTS = new Set(['amount', 'discount']);
/** The backend writes "system" for its own jobs and callbacks; the kit shows its own word. */
const SYSTEM_ACTOR = 'system';

/**
 * The reasons the backend's own steps write (in Chinese, as stored) and their catalogue codes
 * (`kit.history.reasons`), so an English screen reads them in English. Any other reason is what
 * a person wrote and is shown as written.
 */
export const SYSTEM_REASONS: Readonly<Record<string, string>> = {
  '快递签收': 'courier_signed',
  '归还日后到期的租金不再收取': 'rent_after_return_cancelled',
  '逾期未还，自动立案': 'auto_case_opened',
  '退还运费': 'shipping_fee_refunded',
  '超时未支付/签约，系统自动取消': 'auto_cancelled_unpaid',
  '用户确认收货': 'customer_confirmed_receipt',
  '用户已支付': 'customer_paid',
  '提前结清，买断完成': 'settled_early_bought_out',
  '押金退款': 'deposit_refunded',
  '已收到归还商品': 'return_received',
  '商家确认签收': 'shop_confirmed_receipt',
  '合同已签署，首期已支付': 'signed_and_first_bill_paid',
  '到账金额与请求金额不符，待对账': 'amount_differs',
};

function reasonOf(reason: string): string {
  return SYSTEM_REASONS[reason] ?? reason;
}

function shownFacts(after: unknown): Record<string, unknown> | undefined {
  if (typeof after !== 'object' || after === null || Array.isArray(after)) return undefined;
  const source = after as Record<string, unknown>;
  const facts: Record<string, unknown> = {};
  for (const key of SHOWN_FACTS) {
    const value = source[key];
    if (value === undefined || value === null || value === '') continue;
    // A change's `status` is its business's (after-sale), not the order's.
    const name = key === 'status' ? 'after_sale_status' : key === 'kind' ? 'business_kind' : key;
    facts[name] = MONEY_FACTS.has(key) ? formatCurrency(String(value)) : value;
  }
  return Object.keys(facts).length > 0 ? facts : undefined;
}

/** An after-sale business opened reads by who asked: the customer, or the shop for them
 * (`started_by`; older entries say neither and keep the plain words). */
function changeAction(row: TimelineRow): string {
  if (row.action !== 'order.after_sale_open' || typeof row.after !== 'object' || row.after === null) return row.action;
  const startedBy = (row.after as Record<string, unknown>).started_by;
  return startedBy === 'shop' || startedBy === 'customer' ? `order.after_sale_open_${startedBy}` : row.action;
}

export function timelineEntries(rows: readonly TimelineRow[]): HistoryEntry[] {
  return rows.map((row) => {
    const actor = row.actor === SYSTEM_ACTOR ? '' : row.actor;
    if (row.kind === 'status') {
      return {
        id: `s${row.id}`,
        actor,
        action: `order.${row.action}`,
        before: row.from_status ? { order_status: row.from_status } : undefined,
        after: row.to_status ? { order_status: row.to_status } : undefined,
        reason: reasonOf(row.reason),
        created_at: row.created_at,
      };
    }
    return { id: `c${row.id}`, actor, action: changeAction(row), after: shownFacts(row.after), reason: reasonOf(row.reason), created_at: row.created_at };
  });
}
