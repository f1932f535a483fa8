// @vitest-environment-options {"url": "http://admin.localhost:3000/"}
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLATFORM_ADMIN, PLATFORM_STORE } from '../platform';
import { request } from '../request';
import { clearSession, saveToken } from '../session';

afterEach(() => {
  clearSession(PLATFORM_ADMIN);
  clearSession(PLATFORM_STORE);
});

describe('request on the admin host', () => {
  it('sends the admin token, never the store token', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(Response.json({ code: 200, data: 1, msg: '' }));
    vi.stubGlobal('fetch', fetchMock);
    saveToken(PLATFORM_STORE, 'store-token');
    await request('/api/x');
    expect((fetchMock.mock.calls[0]![1]!.headers as Record<string, string>)['jwt-token']).toBeUndefined();
    saveToken(PLATFORM_ADMIN, 'admin-token');
    await request('/api/x');
    expect((fetchMock.mock.calls[1]![1]!.headers as Record<string, string>)['jwt-token']).toBe('admin-token');
  });
});
