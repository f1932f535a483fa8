import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, settle, withQueryClient } from '@/components/__tests__/render';
import { GoodsEditor } from '../GoodsEditor';

// Whether the form's own chunk was asked for, and what it was given once shown.
const form = vi.hoisted(() => ({ loaded: false }));
vi.mock('../GoodsForm', () => {
  form.loaded = true;
  return { GoodsForm: () => <p>商品表单</p> };
});
vi.mock('next/navigation', () => ({ useRouter: () => ({ push: vi.fn(), replace: vi.fn() }), useSearchParams: () => new URLSearchParams('id=35') }));
vi.mock('next/link', () => ({ default: ({ href, children }: { href: string; children: ReactNode }) => <a href={href}>{children}</a> }));

function answer(data: unknown) {
  return new Response(JSON.stringify({ code: 200, msg: 'ok', data }), { status: 200, headers: { 'content-type': 'application/json' } });
}

let cleanup: () => Promise<void> = async () => undefined;
afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

describe('GoodsEditor', () => {
  it('asks for the pickers’ options and the form’s chunk while the goods are still loading, not after', async () => {
    // The goods' detail never answers: everything the form needs besides it must already be asked for.
    const fetchMock = vi.fn((url: string) => (String(url).includes('goodsDetail') ? new Promise<Response>(() => undefined) : Promise.resolve(answer([]))));
    vi.stubGlobal('fetch', fetchMock);
    const view = await render(withQueryClient(<GoodsEditor />));
    cleanup = view.unmount;
    await settle();
    const asked = fetchMock.mock.calls.map(([url]) => String(url));
    expect(asked.some((url) => url.includes('/goodsDetail'))).toBe(true);
    expect(asked.some((url) => url.includes('/getSubShopOptions'))).toBe(true);
    expect(asked.some((url) => url.includes('/getChannels'))).toBe(true);
    expect(form.loaded).toBe(true);
    expect(view.container.textContent).not.toContain('商品表单');
  });
});
