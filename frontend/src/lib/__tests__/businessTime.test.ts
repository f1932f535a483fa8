import { describe, expect, it, vi } from 'vitest';
import { BUSINESS_TIME_ZONE, businessClock, businessDay, businessInstant, businessParts, typedClock } from '../businessTime';
import { inBrowserZone } from './browserZone';

// The viewer's browser is in Los Angeles.
inBrowserZone('America/Los_Angeles');

describe('the business time zone', () => {
  it('is China time unless set', () => {
    expect(BUSINESS_TIME_ZONE).toBe('Asia/Shanghai');
  });

  it("gives today's China day when Los Angeles is still on the day before", () => {
    const now = new Date('2026-11-24T17:30:00Z');
    expect(now.getDate()).toBe(24);
    expect(businessDay(now)).toBe('2026-11-25');
    expect(businessDay(new Date('2026-11-24T15:59:59Z'))).toBe('2026-11-24');
  });

  it('reads midnight as 00, not 24', () => {
    expect(businessParts(new Date('2026-11-24T16:00:00Z'))).toEqual({ year: '2026', month: '11', day: '25', hour: '00', minute: '00' });
  });

  it('takes a zone from the setting, and falls back to China time on an unknown one', async () => {
    vi.stubEnv('NEXT_PUBLIC_BUSINESS_TIME_ZONE', 'Europe/London');
    vi.resetModules();
    const london = await import('../businessTime');
    expect(london.BUSINESS_TIME_ZONE).toBe('Europe/London');
    expect(london.businessDay(new Date('2026-11-24T17:30:00Z'))).toBe('2026-11-24');
    vi.stubEnv('NEXT_PUBLIC_BUSINESS_TIME_ZONE', 'Mars/Olympus');
    vi.resetModules();
    expect((await import('../businessTime')).BUSINESS_TIME_ZONE).toBe('Asia/Shanghai');
    vi.unstubAllEnvs();
  });
});

describe('a time typed on the business clock', () => {
  it('is the instant it names in China time, whatever the browser zone', () => {
    expect(businessInstant('2026-11-25', '09:30')).toBe('2026-11-25T01:30:00.000Z');
    expect(businessInstant('2026-11-25', '00:00')).toBe('2026-11-24T16:00:00.000Z');
    expect(businessInstant('2026-11-25', '7:05')).toBe('2026-11-24T23:05:00.000Z');
  });

  it('follows a zone that changes its offset', () => {
    // London is on summer time (UTC+1) in July and on GMT in November.
    expect(businessInstant('2026-07-01', '12:00', 'Europe/London')).toBe('2026-07-01T11:00:00.000Z');
    expect(businessInstant('2026-11-01', '12:00', 'Europe/London')).toBe('2026-11-01T12:00:00.000Z');
  });

  it('is null for a day or a time that is not one', () => {
    expect(businessInstant('2026-11-25', '24:00')).toBeNull();
    expect(businessInstant('2026-11-25', '9.30')).toBeNull();
    expect(businessInstant('25/11/2026', '09:30')).toBeNull();
    expect(typedClock('23:59')).toEqual([23, 59]);
    expect(typedClock('12:60')).toBeNull();
  });

  it('reads an instant back as its China day and clock', () => {
    expect(businessClock(new Date('2026-11-24T17:30:00Z'))).toEqual({ day: '2026-11-25', time: '01:30' });
  });
});
