import { afterEach, describe, expect, it, vi } from 'vitest';

const host = vi.hoisted(() => ({ value: 'admin.localhost:3000' }));
vi.mock('next/headers', () => ({
  headers: async () => new Headers({ host: host.value }),
}));

const { fixturesEnabled, requestPlatformType } = await import('../serverSide');

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('serverSide', () => {
  it('reads the side from the Host header', async () => {
    host.value = 'admin.localhost:3000';
    await expect(requestPlatformType()).resolves.toBe(0);
    host.value = 'acme.localhost:3000';
    await expect(requestPlatformType()).resolves.toBe(1);
  });

  it('enables fixture pages only with E2E_FIXTURES=1', () => {
    vi.stubEnv('E2E_FIXTURES', '');
    expect(fixturesEnabled()).toBe(false);
    vi.stubEnv('E2E_FIXTURES', '1');
    expect(fixturesEnabled()).toBe(true);
  });
});
