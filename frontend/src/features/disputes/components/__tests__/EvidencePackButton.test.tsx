import { afterEach, describe, expect, it, vi } from 'vitest';
import { byText, click, render, type, withQueryClient } from '@/components/__tests__/render';
import { EvidencePackButton } from '../EvidencePackButton';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

function answer(data: unknown, code = 200, msg = 'ok') {
  return new Response(JSON.stringify({ code, msg, data }), { status: 200, headers: { 'content-type': 'application/json' } });
}

const done = {
  id: 31,
  kind: 'evidence_pack',
  title: '证据包',
  filters: { order_id: 5, order_no: 'ZL001' },
  status: 'done',
  progress: 100,
  rows: 13,
  error_code: null,
  error: '',
  file_name: '证据包_ZL001.zip',
  file_size: 1024,
  download_url: '/api/files/pack',
  download_expires_in: 300,
  created_at: '2026-01-01T00:00:00+08:00',
  finished_at: '2026-01-01T00:00:02+08:00',
};

async function renderButton(fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  const view = await render(withQueryClient(<EvidencePackButton orderId={5} />));
  cleanup = view.unmount;
  return view;
}

const dialog = () => document.querySelector('[role="dialog"]') as HTMLElement;

async function askWithReason(container: HTMLElement, reason: string) {
  await click(byText(container, 'button', '证据包'));
  await type(dialog().querySelector('textarea')!, reason);
  await click(byText(dialog(), 'button', '生成'));
}

describe('EvidencePackButton', () => {
  it('asks why, then asks for the order’s pack with the reason and offers the ZIP in the pack’s own words', async () => {
    const fetchMock = vi.fn(async (url: string) => (url.includes('evidencePackCreate') ? answer({ id: 31, status: 'queued' }) : answer(done)));
    const view = await renderButton(fetchMock);
    await click(byText(view.container, 'button', '证据包'));
    await click(byText(dialog(), 'button', '生成'));
    expect(fetchMock).not.toHaveBeenCalled(); // no reason, no pack
    expect(dialog().textContent).toContain('请填写原因');
    await type(dialog().querySelector('textarea')!, ' 仲裁答辩需要 ');
    await click(byText(dialog(), 'button', '生成'));

    const [createUrl, createInit] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(createUrl).toContain('/api/backend/evidencePackCreate');
    expect(JSON.parse(String(createInit.body))).toEqual({ order_id: 5, reason: '仲裁答辩需要' });
    expect(String(fetchMock.mock.calls[1]?.[0])).toContain('/api/platform/exportStatus');
    expect(dialog().querySelector('h2, h3')?.textContent).toContain('证据包');
    expect(dialog().textContent).toContain('证据包已生成，共 13 个文件');
    const link = byText(dialog(), 'a', '下载文件') as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('/api/files/pack');
    expect(link.getAttribute('download')).toBe('证据包_ZL001.zip');
  }, 20_000);

  it('says why the pack was refused inside the reason dialog when the order is out of reach', async () => {
    const fetchMock = vi.fn(async () => answer(null, 404, '数据不存在'));
    const view = await renderButton(fetchMock);
    await askWithReason(view.container, '核对合同');
    expect(dialog().querySelector('[role="alert"]')!.textContent).toContain('数据不存在');
    expect(dialog().querySelector('textarea')).not.toBeNull(); // still open: nothing was queued
  }, 20_000);
});
