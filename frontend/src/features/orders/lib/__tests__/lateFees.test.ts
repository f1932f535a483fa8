import { describe, expect, it } from 'vitest';
import { canWaiveLateFee, hasOverdueMoney, waiveLateFeeInput } from '../lateFees';

const bill = (patch: Partial<{ state: string; late_fee: string; late_fee_owed: string }> = {}) => ({ state: 'unpaid', late_fee: '0.00', late_fee_owed: '0.00', ...patch });

describe('late fees: when the order owes for lateness', () => {
  it('shows its summary for a bill past due or a late fee still owed, and none when nothing is owed', () => {
    expect(hasOverdueMoney([])).toBe(false);
    expect(hasOverdueMoney([bill({ state: 'paid' }), bill()])).toBe(false);
    expect(hasOverdueMoney([bill({ state: 'paid' }), bill({ state: 'overdue' })])).toBe(true);
    expect(hasOverdueMoney([bill({ state: 'partial', late_fee: '3.20', late_fee_owed: '3.20' })])).toBe(true);
    // Paid late, the late fee paid (or waived) with it: nothing owed, no card.
    expect(hasOverdueMoney([bill({ state: 'paid', late_fee: '3.20', late_fee_owed: '0.00' })])).toBe(false);
  });
});

describe('late fees: who may waive', () => {
  it('is the store with order.manage, on a bill that still owes late fee', () => {
    const owing = bill({ state: 'overdue', late_fee: '6.00', late_fee_owed: '2.50' });
    expect(canWaiveLateFee(owing, { platform: false, canManage: true })).toBe(true);
    expect(canWaiveLateFee(owing, { platform: false, canManage: false })).toBe(false);
    expect(canWaiveLateFee(owing, { platform: true, canManage: true })).toBe(false);
    expect(canWaiveLateFee(bill({ late_fee: '6.00', late_fee_owed: '0.00' }), { platform: false, canManage: true })).toBe(false);
  });
});

describe('late fees: the waive form', () => {
  it('sends no amount when the field is empty (all still owed) and the reason trimmed', () => {
    expect(waiveLateFeeInput({ amount: '  ', reason: '  客户首次逾期 ' }, '12.34')).toEqual({ body: { reason: '客户首次逾期' } });
  });

  it('sends a typed amount as a two-place decimal string, up to what is owed', () => {
    expect(waiveLateFeeInput({ amount: '5', reason: '协商减免' }, '12.34')).toEqual({ body: { amount: '5.00', reason: '协商减免' } });
    expect(waiveLateFeeInput({ amount: '12.34', reason: '协商减免' }, '12.34')).toEqual({ body: { amount: '12.34', reason: '协商减免' } });
  });

  it('refuses a malformed, zero or too-high amount and a missing, short or long reason, per field', () => {
    expect(waiveLateFeeInput({ amount: '12.35', reason: '协商减免' }, '12.34')).toEqual({ problems: [{ field: 'amount', problem: 'tooHigh' }] });
    expect(waiveLateFeeInput({ amount: '0', reason: '' }, '12.34')).toEqual({
      problems: [
        { field: 'amount', problem: 'invalid' },
        { field: 'reason', problem: 'required' },
      ],
    });
    expect(waiveLateFeeInput({ amount: '1.234', reason: '好' }, '12.34')).toEqual({
      problems: [
        { field: 'amount', problem: 'invalid' },
        { field: 'reason', problem: 'tooShort' },
      ],
    });
    expect(waiveLateFeeInput({ amount: '', reason: '长'.repeat(301) }, '12.34')).toEqual({ problems: [{ field: 'reason', problem: 'tooLong' }] });
  });
});
