import { describe, expect, it } from 'vitest';
import { percentToShare, settingBody, settingForm, shareToPercent } from '../orderSetting';
import { chargeWaiveReasonProblem, isWaived, shareText, waiveChargeInput } from '../returns';

describe('shares and percentages', () => {
  it('reads shares as percentages on digits', () => {
    expect(shareText('0.2000')).toBe('20%');
    expect(shareText('0.0550')).toBe('5.5%');
    expect(shareText('0.0005')).toBe('0.05%');
    expect(shareText('1.0000')).toBe('100%');
    expect(shareText('')).toBe('0%');
    expect(shareToPercent('0.1250')).toBe('12.5');
  });

  it('turns a typed percentage into a four-place share, refusing more than 100 or 3 decimals', () => {
    expect(percentToShare('20')).toBe('0.2000');
    expect(percentToShare('5.5')).toBe('0.0550');
    expect(percentToShare('100')).toBe('1.0000');
    expect(percentToShare('0')).toBe('0.0000');
    expect(percentToShare('100.01')).toBeNull();
    expect(percentToShare('1.234')).toBeNull();
    expect(percentToShare('abc')).toBeNull();
  });
});

describe('order settings form', () => {
  const older = { unpaid_cancel_minutes: 30, auto_receive_days: 7, buyout_from_period: 3, early_buyout_discount_rate: '0.1000', early_return_min_term: 6, early_return_fee_mode: 'rate', early_return_fee_value: '0.2000' };
  const saved = { ...older, zhima_deposit_free: true, zhima_service_id: '2026112900000000000001', zhima_category: 'RENT_PHONE', zhima_deposit_mode: 'POSTPAY_UNCERTAIN', zhima_violation_grace_days: 10 };

  it('round-trips the saved settings through the form', () => {
    const form = settingForm(saved);
    expect(form).toMatchObject({ early_buyout_discount_percent: '10', early_return_min_term: '6', early_return_fee_mode: 'rate', early_return_fee_value: '20' });
    expect(settingBody(form)).toEqual({ body: { ...saved, early_return_fee_mode: 'rate' } });
  });

  it('sends a fixed fee in yuan and no fee as 0', () => {
    const form = settingForm(saved);
    expect(settingBody({ ...form, early_return_fee_mode: 'fixed', early_return_fee_value: '200' })).toMatchObject({ body: { early_return_fee_mode: 'fixed', early_return_fee_value: '200.00' } });
    expect(settingBody({ ...form, early_return_fee_mode: 'none', early_return_fee_value: '' })).toMatchObject({ body: { early_return_fee_mode: 'none', early_return_fee_value: '0' } });
  });

  it('names each field it refuses', () => {
    const form = settingForm(saved);
    expect(settingBody({ ...form, early_return_min_term: '-1', auto_receive_days: '0', early_return_fee_value: '' })).toEqual({
      problems: { early_return_min_term: 'whole', auto_receive_days: 'whole', early_return_fee_value: 'required' },
    });
    expect(settingBody({ ...form, early_return_fee_value: '120' })).toEqual({ problems: { early_return_fee_value: 'percent' } });
    expect(settingBody({ ...form, early_return_fee_mode: 'fixed', early_return_fee_value: '0' })).toEqual({ problems: { early_return_fee_value: 'amount' } });
  });

  it('keeps the deposit-free settings: a service id to offer it, a grace of 1 to 90 days', () => {
    const form = settingForm(saved);
    expect(form).toMatchObject({ zhima_deposit_free: true, zhima_deposit_mode: 'POSTPAY_UNCERTAIN', zhima_violation_grace_days: '10' });
    expect(settingBody({ ...form, zhima_service_id: ' ' })).toEqual({ problems: { zhima_service_id: 'serviceId' } });
    expect(settingBody({ ...form, zhima_deposit_free: false, zhima_service_id: '' })).toMatchObject({ body: { zhima_deposit_free: false, zhima_service_id: '' } });
    expect(settingBody({ ...form, zhima_violation_grace_days: '0' })).toEqual({ problems: { zhima_violation_grace_days: 'grace' } });
    expect(settingBody({ ...form, zhima_violation_grace_days: '91' })).toEqual({ problems: { zhima_violation_grace_days: 'grace' } });
    // A shop that never saved them: off, POSTPAY, 7 days.
    expect(settingForm(older)).toMatchObject({ zhima_deposit_free: false, zhima_service_id: '', zhima_deposit_mode: 'POSTPAY', zhima_violation_grace_days: '7' });
  });
});

describe('charges', () => {
  it('tells a waived bill from a cancelled one', () => {
    expect(isWaived({ state: 'cancelled', waived_amount: '500.00' })).toBe(true);
    expect(isWaived({ state: 'cancelled', waived_amount: '0.00' })).toBe(false);
    expect(isWaived({ state: 'unpaid', waived_amount: '0.00' })).toBe(false);
  });

  it('needs a reason of at most 300 characters', () => {
    expect(chargeWaiveReasonProblem('  ')).toBe('required');
    expect(chargeWaiveReasonProblem('客户经济困难')).toBeNull();
    expect(chargeWaiveReasonProblem('字'.repeat(301))).toBe('tooLong');
  });
});

describe('the charge waiver form', () => {
  it('sends nothing for all the bill owes, or a typed part of the principal, never above it', () => {
    expect(waiveChargeInput({ amount: ' ', reason: ' 老客户 ' }, '300.00')).toEqual({ body: { reason: '老客户' } });
    expect(waiveChargeInput({ amount: '120.5', reason: '协商' }, '300.00')).toEqual({ body: { amount: '120.50', reason: '协商' } });
    expect(waiveChargeInput({ amount: '300', reason: '协商' }, '300.00')).toEqual({ body: { amount: '300.00', reason: '协商' } });
    expect(waiveChargeInput({ amount: '300.01', reason: '协商' }, '300.00')).toEqual({ problems: [{ field: 'amount', problem: 'tooHigh' }] });
    expect(waiveChargeInput({ amount: '0', reason: '' }, '300.00')).toEqual({
      problems: [
        { field: 'amount', problem: 'invalid' },
        { field: 'reason', problem: 'required' },
      ],
    });
    expect(waiveChargeInput({ amount: '1.234', reason: '协商' }, '300.00')).toEqual({ problems: [{ field: 'amount', problem: 'invalid' }] });
  });
});
