import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, withQueryClient } from '@/components/__tests__/render';
import { IdentityCheck } from '../OrderRiskSection';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

function answer(body: unknown) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })));
}

async function show() {
  const view = await render(withQueryClient(<IdentityCheck orderId={7} />));
  cleanup = view.unmount;
  await vi.waitFor(() => expect(view.container.querySelector('[role="status"]')).toBeNull());
  return view.container;
}

describe('IdentityCheck', () => {
  it('shows a failed real-name check with the check that failed', async () => {
    answer({ code: 200, msg: '', data: { order_id: 7, verified: false, id_number_valid: true, name_matches: true, phone_matches: false, reason: 'PHONE_MISMATCH', reference: 'R1', verified_at: '2026-11-24T02:00:00Z' } });
    const container = await show();
    await vi.waitFor(() => expect(container.textContent).toContain('实名不一致'));
    expect(container.querySelector('[data-identity-item="phone_matches"]')?.getAttribute('data-ok')).toBe('false');
    expect(container.querySelector('[data-identity-item="name_matches"]')?.getAttribute('data-ok')).toBe('true');
    expect(container.textContent).toContain('手机号为本人实名');
  });

  it('says the check could not load, with a retry', async () => {
    answer({ code: 500, msg: '服务器错误', data: null });
    const container = await show();
    await vi.waitFor(() => expect(container.textContent).toContain('实名核验结果加载失败'));
    expect(container.querySelector('button')?.textContent).toBe('重试');
  });
});
