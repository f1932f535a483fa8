import { describe, expect, it } from 'vitest';
import { addDays, dataCenterQuery, dataCenterSearch, daysBetween, formatChange, parseDataCenterState } from '../period';

// 2026-11-24 02:00 in Shanghai is still 2026-11-23 in UTC.
const NOW = new Date('2026-11-23T18:00:00Z');

describe('the data centre period in the URL', () => {
  it('defaults to the 30 days to today in Shanghai', () => {
    const state = parseDataCenterState(new URLSearchParams(''), NOW);
    expect(state).toMatchObject({ date_from: '2026-10-26', date_to: '2026-11-24', granularity: 'day' });
    expect(daysBetween(state.date_from, state.date_to)).toBe(30);
  });

  it('reads a chosen range, month granularity and a merchant, and writes them back', () => {
    const state = parseDataCenterState(new URLSearchParams('date_from=2026-01-01&date_to=2026-06-30&granularity=month&merchant_id=7'), NOW);
    expect(state).toMatchObject({ date_from: '2026-01-01', date_to: '2026-06-30', granularity: 'month', merchant_id: 7 });
    expect(dataCenterSearch(state)).toBe('date_from=2026-01-01&date_to=2026-06-30&granularity=month&merchant_id=7');
    expect(dataCenterQuery(state)).toEqual({ date_from: '2026-01-01', date_to: '2026-06-30', granularity: 'month', merchant_id: 7 });
  });

  it('falls back to the default for a range backwards, too long or unreadable', () => {
    for (const search of ['date_from=2026-05-01&date_to=2026-04-01', 'date_from=2024-01-01&date_to=2026-01-01', 'date_from=nope&granularity=week']) {
      const state = parseDataCenterState(new URLSearchParams(search), NOW);
      expect(state.granularity).toBe('day');
      expect(daysBetween(state.date_from, state.date_to)).toBeLessThanOrEqual(366);
      expect(daysBetween(state.date_from, state.date_to)).toBeGreaterThanOrEqual(1);
    }
    expect(parseDataCenterState(new URLSearchParams('date_from=2026-01-01'), NOW).date_to).toBe(addDays('2026-01-01', 29));
  });

  it('shows a change with its sign, and nothing when there was none before', () => {
    expect(formatChange('12.50')).toBe('+12.50%');
    expect(formatChange('-3.00')).toBe('-3.00%');
    expect(formatChange(null)).toBe('');
  });
});
