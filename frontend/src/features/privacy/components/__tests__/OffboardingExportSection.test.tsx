import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, byText, click, render, withQueryClient } from '@/components/__tests__/render';
import { OffboardingExportSection } from '../OffboardingExportSection';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

async function mount(fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  const opened = vi.fn(() => ({}) as Window);
  vi.stubGlobal('open', opened);
  const view = await render(withQueryClient(<OffboardingExportSection />));
  cleanup = view.unmount;
  return { view, opened };
}

describe('OffboardingExportSection', () => {
  it('asks for nothing until the owner clicks, then opens the export and names it with its period and hash', async () => {
    const file = { url: '/api/files/private/9?sig=1', name: 'demo-export.zip', sha256: 'a'.repeat(64), manifest_sha256: 'b'.repeat(64), size: 164000, exported_at: '2026-11-29T02:00:00Z', expires_at: '2026-12-29T02:00:00Z' };
    const fetchMock = vi.fn(async () => answer(file));
    const { view, opened } = await mount(fetchMock);
    expect(fetchMock).not.toHaveBeenCalled(); // each link is audited: none asked for on sight

    await click(byText(view.container, 'button', '下载全部数据'));

    const [url] = fetchMock.mock.calls[0] as unknown as [string];
    expect(String(url)).toContain('/api/backend/getOffboardingExport');
    expect(opened).toHaveBeenCalledWith(file.url, '_blank', 'noopener');
    expect(view.container.textContent).toContain('demo-export.zip');
    expect(view.container.textContent).toContain('可下载至 2026-12-29');
    expect(view.container.textContent).toContain(`SHA-256 ${'a'.repeat(64)}`);
  });

  it("says so in the server's words while there is no export, and opens nothing", async () => {
    const { view, opened } = await mount(vi.fn(async () => answer(null, 404, '没有可下载的退出导出')));
    await click(byText(view.container, 'button', '下载全部数据'));
    expect(view.container.querySelector('[role="alert"]')?.textContent).toBe('没有可下载的退出导出');
    expect(opened).not.toHaveBeenCalled();
  });
});
