import { describe, expect, it } from 'vitest';
import { applyWithdrawInput, approvalStep, parseWithdrawalListState, withdrawalFilters, withdrawalListQuery, withdrawalListSearch, withdrawalTimeline } from '../withdrawals';

describe('applyWithdrawInput', () => {
  it('sends a positive two-place amount within the balance, the remark trimmed', () => {
    expect(applyWithdrawInput({ amount: '12.5', remark: '  月结 ' }, '100.00')).toEqual({ body: { amount: '12.50', remark: '月结' } });
    expect(applyWithdrawInput({ amount: '100', remark: '' }, '100.00')).toEqual({ body: { amount: '100.00', remark: '' } });
  });

  it('refuses an empty, malformed, zero or three-place amount, and one above the balance', () => {
    const problem = (amount: string, balance = '100.00') => {
      const result = applyWithdrawInput({ amount, remark: '' }, balance);
      return 'problems' in result ? result.problems[0] : null;
    };
    expect(problem('')).toEqual({ field: 'amount', problem: 'required' });
    expect(problem('abc')).toEqual({ field: 'amount', problem: 'invalid' });
    expect(problem('0')).toEqual({ field: 'amount', problem: 'invalid' });
    expect(problem('-5')).toEqual({ field: 'amount', problem: 'invalid' });
    expect(problem('1.005')).toEqual({ field: 'amount', problem: 'invalid' });
    expect(problem('100.01')).toEqual({ field: 'amount', problem: 'tooHigh' });
    expect(problem('1', '0.00')).toEqual({ field: 'amount', problem: 'nothingWithdrawable' });
  });

  it('refuses a remark over 200 characters', () => {
    const result = applyWithdrawInput({ amount: '1', remark: '备'.repeat(201) }, '10.00');
    expect(result).toEqual({ problems: [{ field: 'remark', problem: 'tooLong' }] });
  });
});

describe('what approving does', () => {
  it('pays out at once below the threshold and on the second approval; waits for a second account on the first above it', () => {
    expect(approvalStep({ needs_two: false, approvals_needed: 1 })).toBe('pays');
    expect(approvalStep({ needs_two: true, approvals_needed: 2 })).toBe('first');
    expect(approvalStep({ needs_two: true, approvals_needed: 1 })).toBe('pays');
  });
});

describe('the list in the URL', () => {
  it('reads status, dates, number and merchant forgivingly and writes only what differs', () => {
    const state = parseWithdrawalListState(new URLSearchParams('status=reviewing&date_from=2026-01-01&date_to=bad&withdrawal_no=W1&merchant_id=3&page=2'));
    expect(state).toEqual({ status: 'reviewing', date_from: '2026-01-01', date_to: '', withdrawal_no: 'W1', merchant_id: 3, page: 2, page_size: 20 });
    expect(parseWithdrawalListState(new URLSearchParams('status=nope')).status).toBeUndefined();
    expect(withdrawalListSearch(state)).toBe('status=reviewing&date_from=2026-01-01&withdrawal_no=W1&merchant_id=3&page=2');
  });

  it('sends the merchant only on the platform, and the status only to the list (the tabs count every status)', () => {
    const state = parseWithdrawalListState(new URLSearchParams('status=paid&merchant_id=3'));
    expect(withdrawalFilters(state, false)).toEqual({});
    expect(withdrawalFilters(state, true)).toEqual({ merchant_id: 3 });
    expect(withdrawalListQuery(state, true)).toEqual({ merchant_id: 3, status: 'paid', page: 1, page_size: 20 });
  });
});

describe('the timeline', () => {
  it('reads status moves as the kit’s history entries; the system shows as nobody', () => {
    const entries = withdrawalTimeline([
      { id: 1, action: 'create', from_status: '', to_status: 'pending', reason: '', actor: '演示店主', created_at: '2026-01-01T10:00:00+08:00' },
      { id: 2, action: 'paid', from_status: 'paying', to_status: 'paid', reason: '', actor: 'system', created_at: '2026-01-02T10:00:00+08:00' },
    ]);
    expect(entries[0]).toMatchObject({ action: 'withdrawal.create', before: undefined, after: { withdrawal_status: 'pending' }, actor: '演示店主' });
    expect(entries[1]).toMatchObject({ action: 'withdrawal.paid', before: { withdrawal_status: 'paying' }, actor: '' });
  });
});
