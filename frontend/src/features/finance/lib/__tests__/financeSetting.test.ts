import { describe, expect, it } from 'vitest';
import { isOwn, rateText, settingBody, settingForm } from '../financeSetting';

const setting = {
  late_fee_rate_early: '0.0800',
  late_fee_rate_late: '0.1000',
  reminder_days_before: 5,
  own: ['late_fee_rate_early', 'reminder_days_before'],
};

describe('finance settings', () => {
  it('read rates with the trailing zeros off, two places at least', () => {
    expect(rateText('0.0500')).toBe('0.05');
    expect(rateText('1.0000')).toBe('1.00');
    expect(rateText('0.1234')).toBe('0.1234');
    expect(rateText('0.1230')).toBe('0.123');
  });

  it('fill the form with the shop’s own values and leave the platform’s empty', () => {
    expect(isOwn(setting, 'late_fee_rate_early')).toBe(true);
    expect(isOwn(setting, 'late_fee_rate_late')).toBe(false);
    expect(settingForm(setting)).toEqual({ late_fee_rate_early: '0.08', late_fee_rate_late: '', reminder_days_before: '5' });
    expect(settingForm({ ...setting, own: [] })).toEqual({ late_fee_rate_early: '', late_fee_rate_late: '', reminder_days_before: '' });
  });

  it('send every field, an empty one as null (back to the platform default)', () => {
    expect(settingBody({ late_fee_rate_early: ' 0.08 ', late_fee_rate_late: '', reminder_days_before: '0' })).toEqual({
      body: { late_fee_rate_early: '0.08', late_fee_rate_late: null, reminder_days_before: 0 },
    });
    expect(settingBody({ late_fee_rate_early: '', late_fee_rate_late: '', reminder_days_before: '' })).toEqual({
      body: { late_fee_rate_early: null, late_fee_rate_late: null, reminder_days_before: null },
    });
    expect(settingBody({ late_fee_rate_early: '5', late_fee_rate_late: '5.0000', reminder_days_before: '15' })).toEqual({
      body: { late_fee_rate_early: '5', late_fee_rate_late: '5.0000', reminder_days_before: 15 },
    });
  });

  it('refuse a rate above 5 % a day or with five places, and reminder days outside 0–15', () => {
    expect(settingBody({ late_fee_rate_early: '5.0001', late_fee_rate_late: '0.00001', reminder_days_before: '16' })).toEqual({
      problems: { late_fee_rate_early: 'rate', late_fee_rate_late: 'rate', reminder_days_before: 'days' },
    });
    expect(settingBody({ late_fee_rate_early: '-1', late_fee_rate_late: 'abc', reminder_days_before: '2.5' })).toEqual({
      problems: { late_fee_rate_early: 'rate', late_fee_rate_late: 'rate', reminder_days_before: 'days' },
    });
  });
});
