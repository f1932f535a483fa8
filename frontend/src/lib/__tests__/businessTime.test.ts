import { describe, expect, it, vi } from 'vitest';
import { BUSINESS_TIME_ZONE, businessDay, businessParts } from '../businessTime';
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
