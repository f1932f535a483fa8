import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import en from '@/i18n/catalogues/en';
import zh from '@/i18n/catalogues/zh-CN';
import { nextStepValues, orderNextStep, type NextStepAfterSale, type NextStepFacts } from '../nextStep';
import { ORDER_STATUSES } from '../stages';

const order = (facts: Partial<NextStepFacts>): NextStepFacts => ({ status: 'in_lease', kind: 'lease', after_sales: [], ...facts });
const business = (facts: Partial<NextStepAfterSale>): NextStepAfterSale => ({ kind: 'return', status: 'open', started_by: 'customer', amount: '0.00', received_on: null, ...facts });
const RETURN_ON_ITS_WAY = [{ direction: 'out', delivered_at: '2026-11-01T10:00:00Z' }, { direction: 'return', delivered_at: null }];

const KINDS = ['refund', 'return', 'buyout', 'renewal', 'exchange'] as const;
const BUSINESS_STATUSES = ['open', 'approved', 'rejected', 'done', 'cancelled'] as const;
const ENDED = new Set(['completed', 'bought_out', 'cancelled', 'refunded', 'closed', 'refused']);

const zhT = createTranslator({ locale: 'zh-CN', messages: zh, namespace: 'order.nextStep' });
const enT = createTranslator({ locale: 'en', messages: en, namespace: 'order.nextStep' });

/** The line the order's screen shows, in Chinese (`store`: the shop's own screen). */
function line(facts: NextStepFacts, side: 'store' | 'platform' = 'store', t = zhT): string {
  const values = nextStepValues(facts);
  return t(orderNextStep(facts), { side, who: values.who, amount: `¥${values.amount}` });
}

/** The after-sale line each reachable state has: (kind, status, who asked, order status, parcel back on its way, goods received). */
function expectedAfterSaleStep(kind: string, status: string, orderStatus: string, onItsWay: boolean, received: boolean): string {
  if (status === 'open') return `${kind}_open`;
  if (kind === 'return') return orderStatus === 'inspecting' ? 'return_inspecting' : onItsWay ? 'return_shipped' : 'return_approved';
  if (kind === 'exchange') return received ? 'exchange_received' : onItsWay ? 'exchange_shipped' : 'exchange_approved';
  return `${kind}_approved`;
}

describe('orderNextStep', () => {
  it('tells an order awaiting signature from one signed and awaiting the first payment', () => {
    expect(orderNextStep(order({ status: 'awaiting_signing', contract: { status: 'signing' } }))).toBe('awaiting_signing');
    expect(orderNextStep(order({ status: 'awaiting_signing', contract: null }))).toBe('awaiting_signing');
    expect(orderNextStep(order({ status: 'awaiting_signing', contract: { status: 'signed' } }))).toBe('awaiting_first_payment');
  });

  it('puts an open after-sale first, then an overdue bill, and says what an ended order owes', () => {
    expect(orderNextStep(order({ overdue_since: '2026-11-01', after_sales: [business({ status: 'open' })] }))).toBe('return_open');
    expect(orderNextStep(order({ overdue_since: '2026-11-01', after_sales: [business({ status: 'rejected' })] }))).toBe('overdue');
    expect(orderNextStep(order({ status: 'completed', owed_amount: '12.00' }))).toBe('owing');
    expect(orderNextStep(order({ status: 'completed', owed_amount: '0.00' }))).toBe('completed');
    expect(orderNextStep(order({ status: 'shipped', kind: 'purchase' }))).toBe('shipped_purchase');
  });

  it('has a line in both catalogues for every status', () => {
    for (const status of ORDER_STATUSES) {
      const step = orderNextStep(order({ status, contract: { status: 'signed' } }));
      expect(zh.order.nextStep).toHaveProperty(step);
      expect(en.order.nextStep).toHaveProperty(step);
    }
    expect(Object.keys(en.order.nextStep).sort()).toEqual(Object.keys(zh.order.nextStep).sort());
  });
});

describe('the next step of every after-sale state (issue 41)', () => {
  it('walks every kind, state, order status, asker and parcel: each reads its own line, in both languages and on both sides', () => {
    let walked = 0;
    for (const kind of KINDS) {
      for (const status of BUSINESS_STATUSES) {
        for (const orderStatus of ORDER_STATUSES) {
          for (const startedBy of ['customer', 'shop'] as const) {
            for (const onItsWay of [false, true]) {
              for (const received of [false, true]) {
                const facts = order({
                  status: orderStatus,
                  contract: { status: 'signed' },
                  overdue_since: '2026-11-01',
                  owed_amount: '5.00',
                  shipments: onItsWay ? RETURN_ON_ITS_WAY : [],
                  after_sales: [business({ kind, status, started_by: startedBy, amount: '4390.00', received_on: received ? '2026-11-20' : null }), business({ kind: 'renewal', status: 'done' })],
                });
                const step = orderNextStep(facts);
                const ownState = orderNextStep({ ...facts, after_sales: [] });
                const businessOpen = status === 'open' || status === 'approved';
                // An ended order (or a business ended) reads the order's own state.
                const expected = businessOpen && !ENDED.has(orderStatus) ? expectedAfterSaleStep(kind, status, orderStatus, onItsWay, received) : ownState;
                expect(step, `${kind}/${status}/${orderStatus}/${startedBy}`).toBe(expected);
                for (const side of ['store', 'platform'] as const) {
                  const chinese = line(facts, side);
                  const english = line(facts, side, enT);
                  expect(chinese).not.toMatch(/[{}]/);
                  expect(english).not.toMatch(/[{}]/);
                  expect(english).not.toMatch(/[\u4e00-\u9fff]/);
                  // The platform says 商家 where the shop says 本店.
                  if (side === 'platform') expect(chinese).not.toContain('本店');
                  else expect(chinese).not.toContain('商家');
                }
                walked += 1;
              }
            }
          }
        }
      }
    }
    expect(walked).toBe(KINDS.length * BUSINESS_STATUSES.length * ORDER_STATUSES.length * 8);
  });

  it('gives every after-sale line its own words', () => {
    const afterSaleKeys = Object.keys(zh.order.nextStep).filter((key) => KINDS.some((kind) => key.startsWith(`${kind}_`)));
    expect(afterSaleKeys).toHaveLength(14);
    const byKey = zhT as unknown as (key: string, values: Record<string, string>) => string;
    const texts = afterSaleKeys.map((key) => byKey(key, { side: 'store', who: 'customer', amount: '¥1.00' }));
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('a return goes on after 同意售后: approved and returning, the parcel on its way, inspecting — never asking again to approve', () => {
    const approve = /同意或驳回|等待本店处理/;
    const returning = order({ status: 'returning', after_sales: [business({ status: 'approved' })] });
    expect(line(order({ after_sales: [business({ status: 'open' })] }))).toBe(
      '客户申请退租归还，等待本店处理：同意后客户寄回商品，本店收到后验机；驳回则继续租赁。',
    );
    expect(line(returning)).toBe('本店已同意退租归还：等待客户寄回商品，本店收到后确认收货并验机。');
    expect(line({ ...returning, shipments: RETURN_ON_ITS_WAY })).toBe('客户已寄回商品（快递在途）：本店收到后确认收货，再验机。');
    const inspecting = line(order({ status: 'inspecting', after_sales: [business({ status: 'approved', received_on: '2026-11-20' })] }));
    expect(inspecting).toContain('等待本店验机');
    expect(inspecting).toContain('结算押金');
    for (const text of [line(returning), inspecting]) expect(text).not.toMatch(approve);
    // Done: the order's own state (completed, or what it still owes).
    expect(orderNextStep(order({ status: 'completed', owed_amount: '0.00', after_sales: [business({ status: 'done' })] }))).toBe('completed');
    expect(orderNextStep(order({ status: 'completed', owed_amount: '200.00', after_sales: [business({ status: 'done' })] }))).toBe('owing');
  });

  it('a return the shop started for the customer says so, and waits for nobody to approve it', () => {
    const returning = order({ status: 'returning', after_sales: [business({ status: 'approved', started_by: 'shop' })] });
    expect(line(returning)).toBe('本店已代客户发起退租归还：等待客户寄回商品，本店收到后确认收货并验机。');
    expect(line(returning, 'platform')).toBe('商家已代客户发起退租归还：等待客户寄回商品，商家收到后确认收货并验机。');
    expect(line(returning, 'store', enT)).toBe('The shop started the return for the customer: the customer sends the goods back, then the shop confirms receipt and inspects them.');
    expect(line(returning)).not.toContain('客户申请');
  });

  it('says who acts in every other kind: the shop decides, the provider charges a buyout, the customer sends an exchange back', () => {
    expect(line(order({ after_sales: [business({ kind: 'buyout' })] }))).toMatch(/^客户申请买断，等待本店处理/);
    expect(line(order({ after_sales: [business({ kind: 'renewal', started_by: 'shop' })] }))).toMatch(/^本店已代客户发起续租，等待本店处理/);
    expect(line(order({ status: 'awaiting_shipment', after_sales: [business({ kind: 'refund' })] }), 'platform')).toMatch(/^客户申请退款，等待商家处理/);
    const buyout = line(order({ after_sales: [business({ kind: 'buyout', status: 'approved', amount: '4390.00' })] }));
    expect(buyout).toContain('买断款 ¥4390.00 正通过客户的代扣协议（芝麻免押订单从其芝麻授权）收取');
    expect(buyout).toContain('支付机构确认后订单买断完成');
    expect(line(order({ after_sales: [business({ kind: 'exchange', status: 'approved' })] }))).toBe('本店已同意换货：等待客户寄回商品，本店收到后确认收货。');
    expect(line(order({ after_sales: [business({ kind: 'exchange', status: 'approved', received_on: '2026-11-20' })] }))).toBe('本店已收到客户寄回的商品：等待本店寄出换货的新商品。');
    // Rejected or cancelled: the lease goes on (and an overdue bill comes back first).
    expect(line(order({ after_sales: [business({ kind: 'buyout', status: 'rejected' })] }))).toBe(zhT('in_lease'));
    expect(orderNextStep(order({ overdue_since: '2026-11-01', after_sales: [business({ kind: 'exchange', status: 'cancelled' })] }))).toBe('overdue');
  });

  it('reads who asked from the open business only', () => {
    expect(nextStepValues(order({ after_sales: [business({ status: 'approved', started_by: 'shop', amount: '12.00' })] }))).toEqual({ who: 'shop', amount: '12.00' });
    expect(nextStepValues(order({ after_sales: [business({ status: 'done', started_by: 'shop' })] }))).toEqual({ who: 'customer', amount: '0.00' });
  });
});
