/**
 * Which buttons an order's screen shows. The backend's detail lists the actions the order's
 * state and the session's role allow now (`actions`, apps/orders/selectors.py
 * `order_actions`); a button shows only for an action in that list, and only where the back
 * office has a call for it. `return`, `exchange`, `buyout`, `renewal` and `refund` open an
 * after-sale business for the customer (applyAfterSale).
 * `offline_repayment` (the oldest open bill repaid outside the provider) and `early_settlement`
 * are finance's (`finance.manage`).
 */
import type { ApplyKind } from './afterSale';

/** A button of the detail's action bar, in the order shown. */
export const ORDER_BUTTONS = [
  'audit_pass',
  'audit_refuse',
  'ship',
  'update_express',
  'deliver',
  'after_sale_approve',
  'after_sale_reject',
  'return_receive',
  'inspect',
  'apply_return',
  'apply_exchange',
  'apply_buyout',
  'apply_renewal',
  'apply_refund',
  'refresh_contract',
  'offline_repayment',
  'early_settlement',
  'allocate',
  'allocate_sub_shop',
  'deposit_thaw',
  'deposit_transfer',
  'refund_shipping_fee',
  'close',
  'platform_close',
  'delete',
] as const;
export type OrderButton = (typeof ORDER_BUTTONS)[number];

/** The backend action each button needs. */
const NEEDS: Record<OrderButton, string> = {
  audit_pass: 'audit',
  audit_refuse: 'audit',
  ship: 'ship',
  update_express: 'update_express',
  deliver: 'deliver',
  after_sale_approve: 'deal_after_sale',
  after_sale_reject: 'deal_after_sale',
  return_receive: 'return_receive',
  inspect: 'inspect',
  apply_return: 'return',
  apply_exchange: 'exchange',
  apply_buyout: 'buyout',
  apply_renewal: 'renewal',
  apply_refund: 'refund',
  refresh_contract: 'refresh_contract',
  offline_repayment: 'offline_repayment',
  early_settlement: 'early_settlement',
  allocate: 'allocate',
  allocate_sub_shop: 'allocate_sub_shop',
  deposit_thaw: 'deposit_thaw',
  deposit_transfer: 'deposit_transfer',
  refund_shipping_fee: 'refund_shipping_fee',
  close: 'close',
  platform_close: 'platform_close',
  delete: 'delete',
};

/** Buttons a person reads as "this ends or removes the order": shown in red. */
export const DANGER_BUTTONS: ReadonlySet<OrderButton> = new Set(['audit_refuse', 'after_sale_reject', 'close', 'platform_close', 'delete']);

/** The after-sale kind a button opens, or null for any other button. */
export function applyKindOf(button: OrderButton): ApplyKind | null {
  switch (button) {
    case 'apply_return':
      return 'return';
    case 'apply_exchange':
      return 'exchange';
    case 'apply_buyout':
      return 'buyout';
    case 'apply_renewal':
      return 'renewal';
    case 'apply_refund':
      return 'refund';
    default:
      return null;
  }
}

export interface ButtonContext {
  /** The status of the order's open after-sale business, if any (`open` or `approved`). */
  afterSaleStatus?: string | null;
  /** A sub-merchant cannot pick sub-shops or staff (the server refuses). */
  subMerchant?: boolean;
  /** A bill may be recorded as repaid offline now (the oldest open one, none being paid). */
  offlineBill?: boolean;
}

/**
 * The buttons to show for the detail's `actions`. Approve and reject belong to an after-sale
 * still waiting for the decision (`open`); once approved the business goes on by receiving
 * and inspecting the goods.
 */
export function orderButtons(actions: readonly string[], context: ButtonContext = {}): OrderButton[] {
  const allowed = new Set(actions);
  return ORDER_BUTTONS.filter((button) => {
    if (!allowed.has(NEEDS[button])) return false;
    if ((button === 'after_sale_approve' || button === 'after_sale_reject') && context.afterSaleStatus !== 'open') return false;
    if ((button === 'allocate' || button === 'allocate_sub_shop') && context.subMerchant) return false;
    if (button === 'offline_repayment' && !context.offlineBill) return false;
    return true;
  });
}

export function canRemark(actions: readonly string[]): boolean {
  return actions.includes('remark');
}

/** A bill the shop may charge now: the order allows it and the bill is still owed. */
export function canPayBill(actions: readonly string[], billState: string): boolean {
  return actions.includes('pay_bill') && (billState === 'unpaid' || billState === 'overdue');
}

/** The open after-sale business of an order (the newest open or approved one). */
export function openAfterSale<T extends { status: string }>(afterSales: readonly T[]): T | null {
  return afterSales.find((business) => business.status === 'open' || business.status === 'approved') ?? null;
}
