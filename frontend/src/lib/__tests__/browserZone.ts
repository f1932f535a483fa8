import { afterAll, beforeAll } from 'vitest';

/** Runs the file's tests with the viewer's browser clock in `zone` (Node reads TZ anew when it changes). */
export function inBrowserZone(zone: string): void {
  const before = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    process.env.TZ = before;
  });
}
