import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getNotices, resetNotices } from '../notice';
import { PLATFORM_ADMIN, PLATFORM_STORE } from '../platform';
import { request, REQUEST_TIMEOUT_MS, RequestFailure, setSessionExpiredHandler } from '../request';
import { clearSession, readRoleList, readToken, saveLogin, saveToken } from '../session';

function answer(body: unknown, init: ResponseInit = { status: 200 }) {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    ...init,
    headers: { 'content-type': typeof body === 'string' ? 'text/html' : 'application/json' },
  });
}

const fetchMock = vi.fn<typeof fetch>();
const onSessionExpired = vi.fn<(url: string) => void>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  onSessionExpired.mockReset();
  setSessionExpiredHandler(onSessionExpired);
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  resetNotices();
  clearSession(PLATFORM_STORE);
  clearSession(PLATFORM_ADMIN);
  vi.useRealTimers();
});

function lastCall() {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return { url: String(url), init: init!, headers: init!.headers as Record<string, string> };
}

describe('request: success', () => {
  it('sends GET parameters as query with the store token and returns data', async () => {
    saveToken(PLATFORM_STORE, 'store-token');
    saveToken(PLATFORM_ADMIN, 'admin-token');
    fetchMock.mockResolvedValue(answer({ code: 200, data: { name: 'Demo' }, msg: 'ok' }));
    const data = await request('/api/platform/getSiteInfo', { params: { page: 2, empty: undefined, ids: [1, 2] } });
    expect(data).toEqual({ name: 'Demo' });
    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/platform/getSiteInfo?page=2&ids=1&ids=2');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(headers['jwt-token']).toBe('store-token');
    expect(headers['Accept-Language']).toBe('zh-CN');
    expect(getNotices()).toHaveLength(0);
  });

  it('sends POST data as a JSON body', async () => {
    fetchMock.mockResolvedValue(answer({ code: 200, data: null, msg: 'ok' }));
    await expect(request('/api/platform/mainLand', { method: 'POST', body: { username: 'u', password: 'p' } })).resolves.toBeNull();
    const { init, headers } = lastCall();
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ username: 'u', password: 'p' });
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers['jwt-token']).toBeUndefined();
  });
});

describe('request: language', () => {
  it('asks the server for the language chosen in the UI', async () => {
    document.cookie = 'NEXT_LOCALE=en; path=/';
    fetchMock.mockResolvedValue(answer({ code: 200, data: 1, msg: '' }));
    await request('/api/x');
    expect(lastCall().headers['Accept-Language']).toBe('en');
    document.cookie = 'NEXT_LOCALE=; path=/; max-age=0';
  });
});

describe('request: error envelopes', () => {
  it('shows a warning titled 请求错误 with the server msg and returns false', async () => {
    fetchMock.mockResolvedValue(answer({ code: 1001, data: null, msg: '用户名或密码错误' }));
    await expect(request('/api/platform/mainLand', { method: 'POST' })).resolves.toBe(false);
    expect(getNotices()).toEqual([
      expect.objectContaining({ kind: 'warning', title: { key: 'notice.requestError' }, message: { raw: '用户名或密码错误' } }),
    ]);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('stays quiet when the call hides notices, and hands over field errors', async () => {
    fetchMock.mockResolvedValue(answer({ code: 400, data: { fields: { phone: ['bad phone'] } }, msg: 'invalid' }));
    const onFailure = vi.fn<(failure: RequestFailure) => void>();
    await expect(request('/api/x', { hideNotice: true, onFailure })).resolves.toBe(false);
    expect(getNotices()).toHaveLength(0);
    const failure = onFailure.mock.calls[0]![0];
    expect(failure.code).toBe(400);
    expect(failure.fields).toEqual({ phone: ['bad phone'] });
  });

  it('on 109 also clears the session and goes to login with the current path as target', async () => {
    saveLogin(PLATFORM_STORE, { token: 'expired', roles: [{ id: 1, code: 'owner', name: 'Owner' }] });
    window.history.replaceState(null, '', '/orderInfo/7?tab=bill');
    fetchMock.mockResolvedValue(answer({ code: 109, data: null, msg: '登录已失效' }));
    await expect(request('/api/platform/getLoginUserInfo')).resolves.toBe(false);
    expect(getNotices()[0]).toMatchObject({ kind: 'warning', message: { raw: '登录已失效' } });
    expect(onSessionExpired).toHaveBeenCalledWith('/main/login?target=%2ForderInfo%2F7%3Ftab%3Dbill');
    expect(readToken(PLATFORM_STORE)).toBeNull();
    expect(readRoleList(PLATFORM_STORE)).toEqual([]);
  });

  it('on 109 while already on the login page it stays there', async () => {
    window.history.replaceState(null, '', '/main/login?target=%2FbillList');
    fetchMock.mockResolvedValue(answer({ code: 109, data: null, msg: 'expired' }));
    await request('/api/platform/chooseRole', { method: 'POST' });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('on 109 from the role picker keeps the original target', async () => {
    window.history.replaceState(null, '', '/main/rolePicker?target=%2FbillList');
    fetchMock.mockResolvedValue(answer({ code: 109, data: null, msg: 'expired' }));
    await request('/api/platform/chooseRole', { method: 'POST' });
    expect(onSessionExpired).toHaveBeenCalledWith('/main/login?target=%2FbillList');
  });
});

describe('request: transport errors', () => {
  it('shows an error titled 网络错误 with the error message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(request('/api/x')).resolves.toBe(false);
    expect(getNotices()).toEqual([
      expect.objectContaining({ kind: 'error', title: { key: 'notice.networkError' }, message: { raw: 'Failed to fetch' } }),
    ]);
  });

  it('treats a non-envelope answer (proxy error page) as a transport error', async () => {
    fetchMock.mockResolvedValue(answer('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(request('/api/x')).resolves.toBe(false);
    expect(getNotices()[0]).toMatchObject({ kind: 'error', message: { raw: 'HTTP 502 Bad Gateway' } });
  });

  it('gives up after 10 s', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = request('/api/slow');
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(getNotices()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toBe(false);
    expect(REQUEST_TIMEOUT_MS).toBe(10_000);
    expect(getNotices()[0]).toMatchObject({ kind: 'error', message: { raw: 'timeout of 10000ms exceeded' } });
  });

  it('is silent when the caller cancels', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = request('/api/x', { signal: controller.signal });
    controller.abort();
    await expect(pending).resolves.toBe(false);
    expect(getNotices()).toHaveLength(0);
  });
});
