import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, byText, click, render, type, until, withQueryClient } from '@/components/__tests__/render';
import { networkLines, networkProblem, networkProblems, privateNetworkProblem } from '../../lib/webhookNetworks';
import { WebhookNetworksDialog } from '../WebhookNetworksDialog';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]')!;
const textareas = () => dialog().querySelectorAll<HTMLTextAreaElement>('textarea');

async function mount(fetchMock: ReturnType<typeof vi.fn>, onClose = vi.fn()) {
  vi.stubGlobal('fetch', fetchMock);
  const view = await render(withQueryClient(<WebhookNetworksDialog merchantId={3} networks={['10.20.0.0/16']} open onClose={onClose} />));
  cleanup = view.unmount;
  await until(() => Boolean(document.querySelector('[role="dialog"] textarea')));
  return onClose;
}

describe('webhook networks', () => {
  it('takes only private IPv4 networks with their host bits clear', () => {
    expect(['10.20.0.0/16', '172.16.0.0/12', '192.168.8.0/24', '100.64.1.0/24'].map(privateNetworkProblem)).toEqual([false, false, false, false]);
    expect(['10.20.0.1/16', '8.8.8.0/24', '10.0.0.0/7', '127.0.0.0/8', '169.254.169.254/32', 'intranet', '300.1.0.0/16'].map(privateNetworkProblem)).toEqual([true, true, true, true, true, true, true]);
    expect(networkLines(' 10.20.0.0/16\n\n10.20.0.0/16\r\n192.168.8.0/24 ')).toEqual(['10.20.0.0/16', '192.168.8.0/24']);
  });

  it('says what is wrong with each bad line, the network meant when host bits are set', () => {
    expect(networkProblem('10.1.2.3/16')).toEqual({ kind: 'hostBits', meant: '10.1.0.0/16' });
    expect(networkProblem('192.168.8.9/24')).toEqual({ kind: 'hostBits', meant: '192.168.8.0/24' });
    expect(networkProblem('8.8.8.0/24')).toEqual({ kind: 'notPrivate' });
    expect(networkProblem('intranet')).toEqual({ kind: 'form' });
    // Numbered as the operator sees the text: blank and repeated lines keep their places.
    expect(networkProblems('10.20.0.0/16\n\n10.1.2.3/16\n10.20.0.0/16\nintranet').map(({ line, problem }) => [line, problem.kind])).toEqual([
      [3, 'hostBits'],
      [5, 'form'],
    ]);
  });

  it('sends the list a line each with the reason, and closes', async () => {
    const fetchMock = vi.fn(async () => answer({ id: 3, webhook_networks: ['10.20.0.0/16', '192.168.8.0/24'] }));
    const onClose = await mount(fetchMock);
    expect(textareas()[0]!.value).toBe('10.20.0.0/16');
    await type(textareas()[0]!, '10.20.0.0/16\n192.168.8.0/24\n');
    await type(textareas()[1]!, '门店内网 ERP');
    await click(byText(dialog(), 'button', '保存'));
    await until(() => onClose.mock.calls.length > 0);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/api/platform/setWebhookNetworks');
    expect(JSON.parse(String(init.body))).toEqual({ id: 3, networks: ['10.20.0.0/16', '192.168.8.0/24'], reason: '门店内网 ERP' });
  });

  it('refuses every bad line or a missing reason before sending, saying which line and why', async () => {
    const fetchMock = vi.fn(async () => answer(null, 404, 'unexpected'));
    await mount(fetchMock);
    await type(textareas()[0]!, '10.20.0.0/16\n8.8.8.0/24\n10.1.2.3/16');
    await click(byText(dialog(), 'button', '保存'));
    await until(() => dialog().textContent?.includes('第 2 行') ?? false);
    expect(dialog().textContent).toContain('第 2 行 8.8.8.0/24 不在私有网段内');
    expect(dialog().textContent).toContain('第 3 行 10.1.2.3/16 的主机位不为 0：应为 10.1.0.0/16');
    expect(dialog().textContent).toContain('请填写原因');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of one network on the list", async () => {
    const refusal = { fields: { 'networks.0': ['fd00::/7 不在私有网段内（10.0.0.0/8、…）'] } };
    const fetchMock = vi.fn(async () => answer(refusal, 400, '参数错误'));
    const onClose = await mount(fetchMock);
    await type(textareas()[0]!, 'fd00::/7');
    await type(textareas()[1]!, '测试');
    await click(byText(dialog(), 'button', '保存'));
    await until(() => dialog().textContent?.includes('第 1 行：fd00::/7 不在私有网段内') ?? false);
    expect(onClose).not.toHaveBeenCalled();
  });
});
