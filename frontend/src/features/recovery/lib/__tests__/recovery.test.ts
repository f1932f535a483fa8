import { describe, expect, it } from 'vitest';
import { bucketRange, bucketTabs, boundsError, inQuietHours, isActionDue, known, mayCollect, OUTCOMES, promiseDayError, recoveryCountQuery, recoveryListQuery, recoveryListUrl, writeOffAction } from '../recovery';

describe('aging buckets', () => {
  it('reads the ranges from the shop bounds, the defaults 1–30, 31–60, 61–90, >90', () => {
    expect(['M1', 'M2', 'M3', 'M3+'].map((bucket) => bucketRange(bucket as 'M1'))).toEqual(['1–30', '31–60', '61–90', '>90']);
    expect(bucketRange('M2', { m1_max_days: 15, m2_max_days: 45, m3_max_days: 120 })).toBe('16–45');
    expect(bucketRange('M3+', { m1_max_days: 15, m2_max_days: 45, m3_max_days: 120 })).toBe('>120');
  });

  it('refuses bounds that do not increase or are not whole days', () => {
    expect(boundsError({ m1_max_days: 30, m2_max_days: 60, m3_max_days: 90 })).toBeNull();
    expect(boundsError({ m1_max_days: 30, m2_max_days: 30, m3_max_days: 90 })).toBe('order');
    expect(boundsError({ m1_max_days: 0, m2_max_days: 60, m3_max_days: 90 })).toBe('range');
    expect(boundsError({ m1_max_days: 1.5, m2_max_days: 60, m3_max_days: 90 })).toBe('range');
  });

  it('gives every bucket a tab with its count and amount, a bucket the server left out as zero', () => {
    const tabs = bucketTabs({ buckets: [{ bucket: 'M2', count: 3, total_owed: '120.50' }], all: { count: 3, total_owed: '120.50' } });
    expect(tabs.map((tab) => [tab.id, tab.count, tab.total_owed])).toEqual([
      ['', 3, '120.50'],
      ['M1', 0, '0.00'],
      ['M2', 3, '120.50'],
      ['M3', 0, '0.00'],
      ['M3+', 0, '0.00'],
    ]);
    expect(bucketTabs(undefined).every((tab) => tab.count === undefined)).toBe(true);
  });
});

describe('the workbench URL state', () => {
  it('starts a collector on its own open cases, an owner on every open case', () => {
    const collector = recoveryListUrl('mine');
    expect(collector.parse(new URLSearchParams(''))).toMatchObject({ who: 'mine', state: 'open', bucket: '' });
    expect(recoveryListQuery(collector.parse(new URLSearchParams('')))).toEqual({ state: 'open', mine: true, page: 1, page_size: 20 });
    const owner = recoveryListUrl('all');
    expect(recoveryListQuery(owner.parse(new URLSearchParams('')))).toEqual({ state: 'open', page: 1, page_size: 20 });
  });

  it('round-trips the filters through the URL, leaving defaults out and unknown values at their defaults', () => {
    const url = recoveryListUrl('mine');
    const state = { ...url.defaults, bucket: 'M3+' as const, who: 'all' as const, assignee_id: 7, sub_shop_id: 3, keyword: '张', state: 'any' as const, page: 2 };
    expect(url.parse(new URLSearchParams(url.serialize(state)))).toEqual(state);
    expect(url.serialize(url.defaults)).toBe('');
    expect(url.parse(new URLSearchParams('bucket=M9&state=gone&who=boss&assignee_id=x'))).toEqual(url.defaults);
  });

  it('sends an assignee only with every case, and unassigned as its own flag', () => {
    const url = recoveryListUrl('all');
    expect(recoveryListQuery({ ...url.defaults, who: 'mine', assignee_id: 7 })).not.toHaveProperty('assignee_id');
    expect(url.serialize({ ...url.defaults, who: 'mine', assignee_id: 7 })).toBe('who=mine');
    expect(recoveryListQuery({ ...url.defaults, who: 'unassigned', state: 'any' })).toEqual({ unassigned: true, page: 1, page_size: 20 });
  });

  it('counts with the list filters but without the bucket, so each tab count is that tab list total', () => {
    const url = recoveryListUrl('mine');
    const state = { ...url.defaults, bucket: 'M2' as const, keyword: '138', sub_shop_id: 4 };
    const { bucket, page, page_size, ...filters } = recoveryListQuery(state);
    expect(bucket).toBe('M2');
    expect([page, page_size]).toEqual([1, 20]);
    expect(recoveryCountQuery(state)).toEqual(filters);
  });
});

describe('a case', () => {
  it('is due when its next action is today or earlier (China days)', () => {
    expect(isActionDue('2026-11-25', '2026-11-25')).toBe(true);
    expect(isActionDue('2026-11-20', '2026-11-25')).toBe(true);
    expect(isActionDue('2026-11-26', '2026-11-25')).toBe(false);
    expect(isActionDue(null, '2026-11-25')).toBe(false);
  });

  it('takes a promise from today up to 30 days ahead', () => {
    expect(promiseDayError('2026-11-25', '2026-11-25')).toBeNull();
    expect(promiseDayError('2026-12-25', '2026-11-25')).toBeNull();
    expect(promiseDayError('2026-12-26', '2026-11-25')).toBe('tooFar');
    expect(promiseDayError('2026-11-24', '2026-11-25')).toBe('past');
    expect(promiseDayError('', '2026-11-25')).toBe('required');
  });

  it('names only the outcomes the catalogue knows', () => {
    expect(known(OUTCOMES, 'promised')).toBe('promised');
    expect(known(OUTCOMES, 'shouted')).toBeNull();
  });
});

describe('the quiet hours', () => {
  it('are 21:00 to 08:00 China time, whatever the viewer\'s zone', () => {
    expect(inQuietHours(new Date('2026-11-26T12:59:00Z'))).toBe(false); // 20:59 in China
    expect(inQuietHours(new Date('2026-11-26T13:00:00Z'))).toBe(true); // 21:00
    expect(inQuietHours(new Date('2026-11-26T23:59:00Z'))).toBe(true); // 07:59 the next day
    expect(inQuietHours(new Date('2026-11-27T00:00:00Z'))).toBe(false); // 08:00
  });
});

describe('what a case offers', () => {
  const aged = (state: string, days: number) => ({ state, days_past_due: days, write_off_after_days: 180 });

  it('offers the write-off at the shop’s age and says how many days are left before it', () => {
    expect(writeOffAction(aged('open', 180), true)).toEqual({ kind: 'offered' });
    expect(writeOffAction(aged('open', 130), true)).toEqual({ kind: 'waiting', daysLeft: 50 });
    expect(writeOffAction(aged('open', 179), true)).toEqual({ kind: 'waiting', daysLeft: 1 });
  });

  it('offers no write-off without the right, on a closed case or on one written off already', () => {
    expect(writeOffAction(aged('open', 200), false)).toEqual({ kind: 'none' });
    expect(writeOffAction(aged('closed', 200), true)).toEqual({ kind: 'none' });
    expect(writeOffAction(aged('written_off', 200), true)).toEqual({ kind: 'none' });
  });

  it('keeps collecting a written-off debt, never a closed case', () => {
    expect(mayCollect('open', true)).toBe(true);
    expect(mayCollect('written_off', true)).toBe(true);
    expect(mayCollect('closed', true)).toBe(false);
    expect(mayCollect('written_off', false)).toBe(false);
  });
});
