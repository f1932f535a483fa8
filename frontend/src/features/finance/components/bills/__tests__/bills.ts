import type { OrderRef } from '@/features/orders/queries';

/** An order's bill as `orderInfo` answers it (an instalment due, unpaid), with `patch` over it. */
export const bill = (period: number, patch: Record<string, unknown> = {}) => ({
  id: 100 + period,
  period,
  kind: 'lease',
  due_date: `2026-0${period}-01`,
  rent: '1237.00',
  addon_amount: '0.00',
  amount: '1237.00',
  paid_amount: '0.00',
  status: 'unpaid',
  state: 'unpaid',
  paid_at: null,
  paid_by: '',
  late_fee: '0.00',
  late_fee_waived: '0.00',
  late_fee_paid: '0.00',
  late_fee_owed: '0.00',
  discount: '0.00',
  settled_early: false,
  out_trade_no: `T${period}`,
  payments: [],
  offline_receipt: null,
  waived_amount: '0.00',
  waiver: null,
  waivers: [],
  ...patch,
});

/** Who looks at which order in these tests: the platform or the store, with these actions. */
export interface TestOrderPage {
  platform: boolean;
  auth: { action: string }[];
  orderRef: OrderRef;
}

/**
 * For `vi.mock('@/features/orders/components/detail/useOrderPage', …)`: the page as `page.current`
 * (a `vi.hoisted` object the test sets) names it, in place of the URL, global state and login.
 */
export function orderPageMock(page: { current: TestOrderPage | null }) {
  return {
    useOrderPage: () => {
      const { platform, auth, orderRef } = page.current!;
      return { id: orderRef.id, orderRef, platform, scope: 'main', subMerchant: false, auth, missingMerchant: false };
    },
  };
}
