import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, byText, click, render, settle, type, withQueryClient } from '@/components/__tests__/render';
import { DevelopersScreen } from '../DevelopersScreen';

// The session's actions and the URL the view lives in.
const session = vi.hoisted(() => ({ auth: [{ action: 'webhook.manage' }] as { action: string }[], search: '' }));
vi.mock('@/components/GlobalStateProvider', () => ({ useGlobalState: (select: (state: unknown) => unknown) => select({ platformType: 1, auth: session.auth }) }));
vi.mock('@/lib/useSearchReplace', async () => (await import('@/components/__tests__/mocks')).searchReplaceMock(session));
vi.mock('next/link', async () => (await import('@/components/__tests__/mocks')).nextLinkMock);

const endpoint = (id: number, patch: Record<string, unknown> = {}) => ({
  id, url: `https://erp.example.com/hooks/${id}`, description: '', event_types: [], enabled: true, disabled_reason: '', failing_since: null, rolling_until: null, created_at: '2026-11-20T02:00:00Z', ...patch,
});

function backend(rows: ReturnType<typeof endpoint>[]) {
  return vi.fn(async (url: string, init?: RequestInit) => {
    if (url.includes('/getWebhookEndpoints')) return answer(rows);
    if (url.includes('/createWebhookEndpoint')) {
      const body = JSON.parse(String(init?.body));
      const made = endpoint(9, body);
      rows.push(made);
      return answer({ ...made, secret: 'whsec_c2VjcmV0LW9uY2U=' });
    }
    if (url.includes('/updateWebhookEndpoint')) {
      const body = JSON.parse(String(init?.body));
      const row = rows.find((item) => item.id === body.id)!;
      Object.assign(row, body, body.enabled ? { disabled_reason: '', failing_since: null } : {});
      return answer(row);
    }
    return answer(null, 404, `unexpected ${url}`);
  });
}

async function mount(fetchMock: ReturnType<typeof backend>, search = '') {
  session.search = search;
  vi.stubGlobal('fetch', fetchMock);
  const view = await render(withQueryClient(<DevelopersScreen />));
  for (let round = 0; round < 10 && !document.querySelector('tbody tr, .border-dashed'); round += 1) await settle();
  cleanup = view.unmount;
  return view;
}

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

describe('DevelopersScreen', () => {
  it('shows the intake keys tab only to a session that manages them', async () => {
    session.auth = [{ action: 'webhook.manage' }];
    await mount(backend([]));
    const tabs = () => [...document.querySelectorAll('nav a')].map((link) => link.textContent?.trim());
    expect(tabs()).toEqual(['Webhook 端点', '投递记录', 'API 密钥', '接入指南']);
    await cleanup();
    session.auth = [{ action: 'webhook.manage' }, { action: 'intake.manage' }];
    await mount(backend([]));
    expect(tabs()).toContain('小程序接入密钥');
  });

  it('names an endpoint the system disabled with its reason, refuses it a test saying why, and enables it', async () => {
    const fetchMock = backend([endpoint(1), endpoint(2, { enabled: false, disabled_reason: 'the receiver answered 410 Gone', failing_since: '2026-11-24T16:00:00Z' })]);
    await mount(fetchMock);
    const alert = document.querySelector('[data-endpoint-alert="2"]')!;
    expect(alert.textContent).toContain('接收方返回 410 状态码，表示不再接收。');
    expect(alert.textContent).toContain('2026-11-25 00:00'); // China time
    const ping = document.querySelector<HTMLButtonElement>('button[aria-label="向 https://erp.example.com/hooks/2 发送测试事件"]')!;
    expect(ping.disabled).toBe(true);
    expect(ping.title).toBe('端点已停用，启用后才能发送测试');
    expect(document.getElementById(ping.getAttribute('aria-describedby')!)?.textContent).toBe('端点已停用，启用后才能发送测试');
    // The count is the list's.
    expect(byText(document, 'p', '共 2 个端点')).toBeDefined();
    expect(document.querySelectorAll('tbody > tr')).toHaveLength(2);

    await click(byText(alert, 'button', '启用'));
    for (let round = 0; round < 5 && document.querySelector('[data-endpoint-alert]'); round += 1) await settle();
    expect(document.querySelector('[data-endpoint-alert]')).toBeNull();
    const update = fetchMock.mock.calls.find(([url]) => String(url).includes('/updateWebhookEndpoint'));
    expect(JSON.parse(String(update?.[1]?.body))).toEqual({ id: 2, enabled: true });
  });

  it('shows a new endpoint’s secret once: gone when its dialog closes', async () => {
    await mount(backend([]));
    await click(byText(document, 'button', '添加端点'));
    const dialog = () => document.querySelector('[role="dialog"]')!;
    await type(dialog().querySelector<HTMLInputElement>('input[type="url"]')!, 'https://erp.example.com/hooks/new');
    await click(byText(dialog(), 'button', '添加'));
    for (let round = 0; round < 10 && !document.querySelector('[data-secret-once]'); round += 1) await settle();
    expect(document.querySelector<HTMLInputElement>('[data-secret-once] input')?.value).toBe('whsec_c2VjcmV0LW9uY2U=');
    await click(byText(dialog(), 'button', '我已保存，关闭'));
    for (let round = 0; round < 5 && document.querySelector('[role="dialog"]'); round += 1) await settle();
    expect(document.body.innerHTML).not.toContain('whsec_c2VjcmV0LW9uY2U=');
    expect(document.querySelector('tbody')?.textContent).toContain('https://erp.example.com/hooks/new');
  });
});
