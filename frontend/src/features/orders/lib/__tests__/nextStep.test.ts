import { describe, expect, it } from 'vitest';
import en from '../../../../../messages/en.json';
import zh from '../../../../../messages/zh-CN.json';
import { orderNextStep, type NextStepFacts } from '../nextStep';
import { ORDER_STATUSES } from '../stages';

const order = (facts: Partial<NextStepFacts>): NextStepFacts => ({ status: 'in_lease', kind: 'lease', after_sales: [], ...facts });

describe('orderNextStep', () => {
  it('tells an order awaiting signature from one signed and awaiting the first payment', () => {
    expect(orderNextStep(order({ status: 'awaiting_signing', contract: { status: 'signing' } }))).toBe('awaiting_signing');
    expect(orderNextStep(order({ status: 'awaiting_signing', contract: null }))).toBe('awaiting_signing');
    expect(orderNextStep(order({ status: 'awaiting_signing', contract: { status: 'signed' } }))).toBe('awaiting_first_payment');
  });

  it('puts an open after-sale first, then an overdue bill, and says what an ended order owes', () => {
    expect(orderNextStep(order({ overdue_since: '2026-11-01', after_sales: [{ status: 'open' }] }))).toBe('after_sale');
    expect(orderNextStep(order({ overdue_since: '2026-11-01', after_sales: [{ status: 'rejected' }] }))).toBe('overdue');
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
