import { describe, expect, it } from 'vitest';
import { bytesToBase64, offlineDetailsInput, offlineRepayableBill, offlineRepaymentInput, owedNow, principalOwed, voucherProblem } from '../repayments';

const bill = (period: number, patch: Partial<{ state: string; late_fee_owed: string; amount: string; paid_amount: string; waived_amount: string }> = {}) => ({
  id: 100 + period,
  period,
  state: 'unpaid',
  late_fee_owed: '0.00',
  amount: '399.00',
  paid_amount: '0.00',
  ...patch,
});

const receipt = { channel: 'bank_transfer', paid_on: '2026-11-24', payer_name: ' 张三 ', bank_reference: 'CMB001', remark: '', voucher_base64: 'iVBORw0KGgo=' };

describe('offline repayment: which bill', () => {
  it('is the oldest open instalment, for a session the order offers it to', () => {
    const bills = [bill(1, { state: 'paid', paid_amount: '399.00' }), bill(3, { state: 'unpaid' }), bill(2, { state: 'overdue', late_fee_owed: '4.20' })];
    expect(offlineRepayableBill(['offline_repayment'], bills)?.period).toBe(2);
    expect(offlineRepayableBill(['pay_bill'], bills)).toBeNull();
  });

  it('is none while a bill of the order is being paid, or when nothing is open', () => {
    expect(offlineRepayableBill(['offline_repayment'], [bill(2, { state: 'paying' }), bill(3)])).toBeNull();
    expect(offlineRepayableBill(['offline_repayment'], [bill(1, { state: 'paid' }), bill(0, { state: 'unpaid' })])).toBeNull();
  });

  it('owes its late fee, then its rent, to the cent', () => {
    expect(owedNow(bill(2, { late_fee_owed: '4.20' }))).toBe('403.20');
    expect(owedNow(bill(2, { amount: '0.10' }))).toBe('0.10');
    // A part of the principal waived is no longer owed; the late fee still is.
    expect(owedNow(bill(2, { late_fee_owed: '4.20', paid_amount: '99.00', waived_amount: '100.00' }))).toBe('204.20');
    expect(principalOwed(bill(2, { paid_amount: '99.00', waived_amount: '100.00' }))).toBe('200.00');
    expect(principalOwed(bill(2, { waived_amount: '399.00' }))).toBe('0.00');
  });
});

describe('offline repayment: the form', () => {
  it('sends exactly what the bill owes, with the receipt trimmed', () => {
    const result = offlineRepaymentInput({ ...receipt, amount: '403.2' }, '403.20', '2026-11-24');
    expect(result).toEqual({ body: { amount: '403.20', channel: 'bank_transfer', paid_on: '2026-11-24', payer_name: '张三', bank_reference: 'CMB001', remark: '', voucher_base64: 'iVBORw0KGgo=' } });
  });

  it('refuses part of it, a day to come, a bank transfer without its reference and no voucher', () => {
    const result = offlineRepaymentInput({ ...receipt, amount: '399.00', paid_on: '2026-11-25', bank_reference: ' ', voucher_base64: '' }, '403.20', '2026-11-24');
    expect(result).toEqual({
      problems: [
        { field: 'amount', problem: 'mismatch' },
        { field: 'paid_on', problem: 'future' },
        { field: 'bank_reference', problem: 'required' },
        { field: 'voucher_base64', problem: 'required' },
      ],
    });
  });

  it('takes cash without a reference, and names a missing payer or channel', () => {
    expect('body' in offlineDetailsInput({ ...receipt, channel: 'cash', bank_reference: '' }, '2026-11-24')).toBe(true);
    expect(offlineDetailsInput({ ...receipt, channel: '', payer_name: '' }, '2026-11-24')).toEqual({
      problems: [
        { field: 'channel', problem: 'required' },
        { field: 'payer_name', problem: 'required' },
      ],
    });
  });
});

describe('offline repayment: the voucher', () => {
  it('is a JPEG or PNG picture', () => {
    expect(voucherProblem({ type: 'image/png', size: 10 })).toBeNull();
    expect(voucherProblem({ type: 'image/jpeg', size: 5_000_000 })).toBeNull(); // shrunk before it is sent
    expect(voucherProblem({ type: 'application/pdf', size: 10 })).toBe('type');
    expect(voucherProblem({ type: 'image/gif', size: 10 })).toBe('type');
  });

  it('is sent as base64 of its bytes', () => {
    expect(bytesToBase64(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBe('iVBORw==');
    expect(bytesToBase64(new Uint8Array(70_000).fill(65)).length).toBe(93_336);
  });
});
