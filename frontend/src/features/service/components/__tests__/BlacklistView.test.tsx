import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, byText, click, render, settle, withQueryClient } from '@/components/__tests__/render';
import { BlacklistView } from '../BlacklistView';

const session = vi.hoisted(() => ({ search: 'view=blacklist', auth: [{ action: 'customer.view' }, { action: 'customer.blacklist' }] as { action: string }[] }));
vi.mock('@/lib/useSearchReplace', async () => (await import('@/components/__tests__/mocks')).searchReplaceMock(session));
vi.mock('@/components/GlobalStateProvider', () => ({ useGlobalState: (select: (state: unknown) => unknown) => select({ platformType: 1, auth: session.auth }) }));
vi.mock('next/link', async () => (await import('@/components/__tests__/mocks')).nextLinkMock);

const entry = (id: number, status: 'active' | 'lifted') => ({
  id, customer_id: id === 1 ? 7 : null, name: '李*', id_number: `1101**********000${id}`, phone: '139****0011', status, reason: '提供虚假资料',
  created_by: '演示店主', created_at: '2026-11-20T10:00:00+08:00', lift_reason: status === 'lifted' ? '已结清' : '', lifted_by: status === 'lifted' ? '演示店主' : '', lifted_at: status === 'lifted' ? '2026-11-21T10:00:00+08:00' : null,
});

function backend() {
  return vi.fn(async (url: string) => {
    if (url.includes('/api/backend/getCustomerBlacklist')) return answer({ list: [entry(1, 'active'), entry(2, 'lifted')], total: 2, page: 1, page_size: 20 });
    if (url.includes('/api/backend/removeCustomerBlacklist')) return answer({ ...entry(1, 'lifted') });
    return answer(null, 404, `unexpected ${url}`);
  });
}
const calls = (fetchMock: ReturnType<typeof vi.fn>, path: string) => fetchMock.mock.calls.filter(([url]) => String(url).includes(path)) as [string, RequestInit][];

let cleanup: () => Promise<void> = async () => undefined;
afterEach(async () => {
  await cleanup();
  session.search = 'view=blacklist';
  session.auth = [{ action: 'customer.view' }, { action: 'customer.blacklist' }];
  vi.unstubAllGlobals();
});

async function renderView(fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  const view = await render(withQueryClient(<BlacklistView />));
  cleanup = view.unmount;
  for (let round = 0; round < 20 && !document.querySelector('tbody tr'); round += 1) await settle();
}

describe('BlacklistView', () => {
  it('lists entries with who set and lifted them; lifts an active one with a reason', async () => {
    const fetchMock = backend();
    await renderView(fetchMock);
    expect(document.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(document.querySelector('tbody')?.textContent).toMatch(/演示店主 于 .+ 解除：已结清/);
    expect(document.querySelector('[aria-label="解除 1101**********0002 的黑名单"]')).toBeNull();

    await click(document.querySelector('[aria-label="解除 1101**********0001 的黑名单"]'));
    const dialog = document.body.querySelector('[role="dialog"]') as HTMLElement;
    const reason = dialog.querySelector('textarea') as HTMLTextAreaElement;
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
    await act(async () => {
      setter.call(reason, '误拉黑');
      reason.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await click(byText(dialog, 'button', '解除'));
    await settle();
    expect(calls(fetchMock, 'removeCustomerBlacklist').map(([, init]) => JSON.parse(String(init.body)))).toEqual([{ id: 1, reason: '误拉黑' }]);
  });

  it('filters by status in the URL, and offers no changes without the right', async () => {
    session.search = 'view=blacklist&status=active';
    session.auth = [{ action: 'customer.view' }];
    const fetchMock = backend();
    await renderView(fetchMock);
    expect(calls(fetchMock, 'getCustomerBlacklist')[0]![0]).toContain('status=active');
    expect(byText(document.body, 'button', '按身份证号拉黑')).toBeUndefined();
    expect(document.querySelector('[aria-label="解除 1101**********0001 的黑名单"]')).toBeNull();
  });
});
