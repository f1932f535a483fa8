import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, byText, click, render, settle, type, withQueryClient } from '@/components/__tests__/render';
import { ApiKeysView } from '../ApiKeysView';

vi.mock('next/link', async () => (await import('@/components/__tests__/mocks')).nextLinkMock);

const key = (id: number, patch: Record<string, unknown> = {}) => ({
  id, name: `ERP ${id}`, prefix: `zl_live_AbCd${id}xyz`, scopes: ['orders:read'], sub_shop_id: null, sub_shop_name: '', status: 'active', expires_at: null, last_used_at: null, use_count: 0, created_by: '演示店主', created_at: '2026-11-20T02:00:00Z', revoked_at: null, rolled_from_id: null as number | null, ...patch,
});

const SCOPES = [
  { scope: 'orders:read', actions: ['order.view'], granted: true },
  { scope: 'goods:write', actions: ['goods.edit'], granted: false },
];

function backend(rows: ReturnType<typeof key>[]) {
  return vi.fn(async (url: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : null;
    if (url.includes('/getApiKeys')) return answer(rows);
    if (url.includes('/getApiKeyScopes')) return answer(SCOPES);
    if (url.includes('/getSubShopOptions')) return answer([{ id: 7, name: '朝阳门店' }]);
    if (url.includes('/createApiKey')) {
      const made = key(9, { name: body.name, scopes: body.scopes, sub_shop_id: body.sub_shop_id, sub_shop_name: body.sub_shop_id ? '朝阳门店' : '' });
      rows.unshift(made);
      return answer({ ...made, key: 'zl_live_AbCd9xyz_the-rest-of-the-key' });
    }
    if (url.includes('/revokeApiKey')) {
      const row = rows.find((item) => item.id === body.id)!;
      Object.assign(row, { status: 'revoked', revoked_at: '2026-11-25T02:00:00Z' });
      return answer(row);
    }
    if (url.includes('/rollApiKey')) {
      const made = key(10, { name: 'ERP 1', rolled_from_id: body.id });
      Object.assign(rows.find((item) => item.id === body.id)!, { expires_at: '2026-12-02T02:00:00Z' });
      rows.unshift(made);
      return answer({ ...made, key: 'zl_live_AbCd10xyz_rolled-key' });
    }
    return answer(null, 404, `unexpected ${url}`);
  });
}

async function mount(fetchMock: ReturnType<typeof backend>) {
  vi.stubGlobal('fetch', fetchMock);
  const view = await render(withQueryClient(<ApiKeysView />));
  for (let round = 0; round < 10 && !document.querySelector('tbody tr, .border-dashed'); round += 1) await settle();
  cleanup = view.unmount;
  return view;
}

async function until(check: () => boolean) {
  for (let round = 0; round < 10 && !check(); round += 1) await settle();
}

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]')!;
const sent = (fetchMock: ReturnType<typeof backend>, path: string) => JSON.parse(String(fetchMock.mock.calls.find(([url]) => String(url).includes(path))?.[1]?.body));

describe('ApiKeysView', () => {
  it('lists each key by its prefix, its scopes and its count equal to the list', async () => {
    await mount(backend([key(1), key(2, { status: 'expired', expires_at: '2026-11-21T16:00:00Z' })]));
    expect(document.querySelectorAll('tbody > tr')).toHaveLength(2);
    expect(byText(document, 'p', '共 2 个密钥')).toBeDefined();
    expect(document.querySelector('tbody')?.textContent).toContain('zl_live_AbCd1xyz…');
    expect(document.querySelector('tbody')?.textContent).toContain('读取订单');
    // An expired key is neither rolled nor revoked, and says why.
    const revoke = document.querySelector<HTMLButtonElement>('button[aria-label="吊销密钥 ERP 2（zl_live_AbCd2xyz…）"]')!;
    expect(revoke.disabled).toBe(true);
    expect(revoke.title).toBe('密钥已过期，不能再轮换或吊销');
  });

  it('makes a key with a scope the account holds (the other disabled, saying why) and a sub-shop, and shows it once', async () => {
    const fetchMock = backend([]);
    await mount(fetchMock);
    await click(byText(document, 'button', '创建密钥'));
    await until(() => Boolean(document.querySelector('[data-scopes]')));
    const denied = dialog().querySelector<HTMLInputElement>('[data-scope="goods:write"] input')!;
    expect(denied.disabled).toBe(true);
    expect(document.getElementById(denied.getAttribute('aria-describedby')!)?.textContent).toContain('goods.edit');
    await type(dialog().querySelector<HTMLInputElement>('input:not([type])')!, 'ERP 同步');
    await click(dialog().querySelector('[data-scope="orders:read"] input'));
    const select = dialog().querySelector<HTMLSelectElement>('select')!;
    await act(async () => {
      select.value = '7';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await click(byText(dialog(), 'button', '创建'));
    await until(() => Boolean(document.querySelector('[data-secret-once]')));
    expect(sent(fetchMock, '/createApiKey')).toEqual({ name: 'ERP 同步', scopes: ['orders:read'], sub_shop_id: 7, expires_at: null });
    expect(document.querySelector<HTMLInputElement>('[data-secret-once] input')?.value).toBe('zl_live_AbCd9xyz_the-rest-of-the-key');
    await click(byText(dialog(), 'button', '我已保存，关闭'));
    await until(() => !document.querySelector('[role="dialog"]'));
    expect(document.body.innerHTML).not.toContain('the-rest-of-the-key');
    expect(document.querySelector('tbody')?.textContent).toContain('朝阳门店');
  });

  it("rolls a key with the old key's expiry chosen, and revokes one after a confirmation", async () => {
    const fetchMock = backend([key(1)]);
    await mount(fetchMock);
    await click(document.querySelector('button[aria-label="轮换密钥 ERP 1（zl_live_AbCd1xyz…）"]'));
    const choice = dialog().querySelector<HTMLSelectElement>('select')!;
    expect([...choice.options].map((option) => option.textContent)).toEqual(['立即', '1 小时后', '24 小时后', '3 天后', '7 天后']);
    expect(choice.value).toBe('24');
    await act(async () => {
      choice.value = '72';
      choice.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await click(byText(dialog(), 'button', '轮换'));
    await until(() => Boolean(document.querySelector('[data-secret-once]')));
    expect(sent(fetchMock, '/rollApiKey')).toEqual({ id: 1, old_expires_in_hours: 72 });
    expect(dialog().textContent).toContain('旧密钥在');
    await click(byText(dialog(), 'button', '我已保存，关闭'));
    await until(() => !document.querySelector('[role="dialog"]'));
    // The old row says what replaced it and when it stops working.
    await until(() => Boolean(document.querySelector('[data-replaced-by]')));
    const replaced = document.querySelector('[data-replaced-by]')!;
    expect(replaced.closest('tr')?.textContent).toContain('zl_live_AbCd1xyz…');
    expect(replaced.textContent).toBe('已被 zl_live_AbCd10xyz… 替换2026-12-02 10:00 停止使用');

    await click(document.querySelector('button[aria-label="吊销密钥 ERP 1（zl_live_AbCd1xyz…）"]'));
    // The dialog names the key by its prefix: two keys share the name after a roll.
    expect(dialog().textContent).toContain('使用“ERP 1”（zl_live_AbCd1xyz…）的请求将立即被拒绝');
    await click(byText(dialog(), 'button', '吊销'));
    await until(() => document.querySelector('tbody')?.textContent?.includes('已吊销') ?? false);
    expect(sent(fetchMock, '/revokeApiKey')).toEqual({ id: 1 });
  });
});
