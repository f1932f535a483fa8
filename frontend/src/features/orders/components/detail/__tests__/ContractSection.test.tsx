import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, byText, click, render, type, withQueryClient } from '@/components/__tests__/render';
import type { OrderDetail } from '../../../queries';
import { ContractSection } from '../ContractSection';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

const detail = {
  contract: { contract_no: 'HT202611300001', status: 'signed', version: 2, created_at: '2026-11-20T02:00:00Z', signed_at: '2026-11-20T03:00:00Z' },
} as unknown as OrderDetail;
const dialog = () => document.querySelector('[role="dialog"]') as HTMLElement | null;

async function mount(fetchMock: ReturnType<typeof vi.fn>, merchantId?: number) {
  vi.stubGlobal('fetch', fetchMock);
  const opened = vi.fn(() => ({}) as Window);
  vi.stubGlobal('open', opened);
  const view = await render(withQueryClient(<ContractSection detail={detail} orderRef={{ id: 41, merchantId }} canView />));
  cleanup = view.unmount;
  return { view, opened };
}

describe('ContractSection', () => {
  it('opens the contract only with a reason: the dialog asks first, then the link is asked for with it and opened', async () => {
    const fetchMock = vi.fn(async () => answer({ url: '/files/private/abc?sig=1', contract_no: 'HT202611300001', sha256: 'f'.repeat(64), status: 'signed' }));
    const { view, opened } = await mount(fetchMock);

    await click(byText(view.container, 'button', '查看合同'));
    expect(dialog()?.textContent).toContain('完整身份证号');
    await click(byText(dialog()!, 'button', '打开合同'));
    expect(fetchMock).not.toHaveBeenCalled(); // nothing asked without a reason
    expect(dialog()?.textContent).toContain('请填写');

    await type(dialog()!.querySelector('textarea')!, ' 客户来电核对合同条款 ');
    await click(byText(dialog()!, 'button', '打开合同'));

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(String(url)).toContain('/api/applet/lookContract');
    expect(JSON.parse(String(init.body))).toEqual({ order_id: 41, reason: '客户来电核对合同条款' });
    expect(opened).toHaveBeenCalledWith('/files/private/abc?sig=1', '_blank', 'noopener');
    expect(dialog()).toBeNull();
  });

  it("keeps the server's refusal beside the reason and opens nothing", async () => {
    const fetchMock = vi.fn(async () => answer({ fields: { reason: '请填写查看完整信息的原因（至少2个字）' } }, 400, '参数错误'));
    const { view, opened } = await mount(fetchMock, 7);

    await click(byText(view.container, 'button', '查看合同'));
    await type(dialog()!.querySelector('textarea')!, '看');
    await click(byText(dialog()!, 'button', '打开合同'));

    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ order_id: 41, reason: '看', merchant_id: 7 });
    expect(dialog()?.textContent).toContain('至少2个字');
    expect(opened).not.toHaveBeenCalled();
  });
});
