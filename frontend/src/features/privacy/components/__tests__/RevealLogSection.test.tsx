import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, render, settle, withQueryClient } from '@/components/__tests__/render';
import { RevealLogSection } from '../RevealLogSection';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

const row = (id: number, patch: Record<string, unknown>) => ({
  id, actor: '店主', actor_account_id: 3, action: 'order.identity_view', action_name: '查看客户完整身份信息', target_type: 'order', target_id: '41', order_id: 41, customer_id: 7, reason: '客户来电核对身份', created_at: '2026-11-29T02:00:00Z', ...patch,
});

async function mount(fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  const view = await render(withQueryClient(<RevealLogSection />));
  for (let round = 0; round < 10 && !document.querySelector('tbody tr, .border-dashed'); round += 1) await settle();
  cleanup = view.unmount;
  return view;
}

describe('RevealLogSection', () => {
  it('lists each reveal with who, what, about which order or request, and why', async () => {
    const rows = [row(2, { action: 'privacy.copy_identity', target_type: 'privacy_request', target_id: '9', order_id: null, reason: '查阅复制请求 PR1' }), row(1, { action: 'order.identity_export', target_type: 'export', target_id: '31', reason: '仲裁答辩需要' })];
    const fetchMock = vi.fn(async (url: string) => (url.includes('/getRevealLog') ? answer({ total: 2, page: 1, page_size: 20, list: rows }) : answer(null, 404, `unexpected ${url}`)));
    await mount(fetchMock);
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/backend/getRevealLog');
    const lines = [...document.querySelectorAll('tbody tr')].map((line) => line.textContent ?? '');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('个人信息副本');
    expect(lines[0]).toContain('请求 #9');
    expect(lines[0]).toContain('查阅复制请求 PR1');
    expect(lines[1]).toContain('生成证据包');
    expect(lines[1]).toContain('订单 #41');
    expect(lines[1]).toContain('店主');
  });

  it('says there is nothing yet when no one has revealed anything', async () => {
    await mount(vi.fn(async () => answer({ total: 0, page: 1, page_size: 20, list: [] })));
    expect(document.body.textContent).toContain('暂无查看记录');
  });
});
