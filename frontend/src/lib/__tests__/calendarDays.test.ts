import { describe, expect, it } from 'vitest';
import { addDays, addMonths, dayAllowed, monthWeeks, typedDay, validDay } from '../calendarDays';

describe('calendar days', () => {
  it('reads the ways a person types a day, and only real days', () => {
    for (const typed of ['2026-11-01', '2026/11/1', '2026.11.01', '20261101', '2026年11月1日', ' 2026-11-1 ']) {
      expect(typedDay(typed), typed).toBe('2026-11-01');
    }
    for (const wrong of ['2026-02-29', '2026-13-01', '2026-11', '11/01/2026', 'abc', '', '2026-11-31']) {
      expect(typedDay(wrong), wrong).toBeNull();
    }
    expect(validDay('2028-02-29')).toBe('2028-02-29');
    expect(validDay('2026-2-01')).toBeNull();
  });

  it('moves by days and months across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-01');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-01');
  });

  it('lays a month out in weeks from Monday, with the days around it', () => {
    // November 2026 begins on a Sunday and ends on a Monday.
    const weeks = monthWeeks('2026-11-01');
    expect(weeks[0]).toEqual(['2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30', '2026-10-31', '2026-11-01']);
    expect(weeks.at(-1)).toEqual(['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06']);
    expect(weeks).toHaveLength(6);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    // February 2027 begins on a Monday and fills four whole weeks.
    expect(monthWeeks('2027-02-01')).toHaveLength(4);
  });

  it('keeps a day within its bounds, inclusive', () => {
    expect(dayAllowed('2026-11-01', '2026-11-01', '2026-11-30')).toBe(true);
    expect(dayAllowed('2026-10-31', '2026-11-01')).toBe(false);
    expect(dayAllowed('2026-12-01', undefined, '2026-11-30')).toBe(false);
    expect(dayAllowed('2026-12-01')).toBe(true);
  });
});
