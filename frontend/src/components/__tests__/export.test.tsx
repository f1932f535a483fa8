import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExportButton } from '../ExportButton';
import { downloadLinkFresh, exportFailureKey, exportFiltersOf, exportFinished, exportProgress, LINK_MARGIN_MS } from '../export/exportJob';
import { byText, click, render, settle, withQueryClient } from './render';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

describe('export jobs', () => {
  it('send only the filters that are set', () => {
    expect(exportFiltersOf({ stage: 'regular', status: undefined, keyword: '', sub_shop_id: 3, sub_shops: true, note: null, page: 0 })).toEqual({ stage: 'regular', sub_shop_id: 3, sub_shops: true, page: 0 });
  });

  it('are followed until done or failed, the bar full when done', () => {
    expect(exportFinished({ status: 'queued' })).toBe(false);
    expect(exportFinished({ status: 'running' })).toBe(false);
    expect(exportFinished({ status: 'done' })).toBe(true);
    expect(exportFinished({ status: 'failed' })).toBe(true);
    expect(exportFinished(undefined)).toBe(false);
    expect(exportProgress({ status: 'running', progress: 42.4 })).toBe(42);
    expect(exportProgress({ status: 'running', progress: 140 })).toBe(100);
    expect(exportProgress({ status: 'done', progress: 99 })).toBe(100);
  });

  it('explain too many unfinished exports, too many rows and no queue in their own words', () => {
    expect(exportFailureKey(1810)).toBe('tooManyActive');
    expect(exportFailureKey(1811)).toBe('tooManyRows');
    expect(exportFailureKey(503)).toBe('unavailable');
    expect(exportFailureKey(1812)).toBeNull();
    expect(exportFailureKey(null)).toBeNull();
  });

  it('renew a download link close to its expiry', () => {
    expect(downloadLinkFresh(0, 300, 1000)).toBe(true);
    expect(downloadLinkFresh(0, 300, 300_000 - LINK_MARGIN_MS - 1)).toBe(true);
    expect(downloadLinkFresh(0, 300, 300_000 - LINK_MARGIN_MS)).toBe(false);
  });
});

function answer(data: unknown, code = 200, msg = 'ok') {
  return new Response(JSON.stringify({ code, msg, data }), { status: 200, headers: { 'content-type': 'application/json' } });
}

const job = (patch: Record<string, unknown>) => ({
  id: 7,
  kind: 'lease_orders',
  title: '租赁订单',
  filters: {},
  status: 'queued',
  progress: 0,
  rows: 0,
  error_code: null,
  error: '',
  file_name: '',
  file_size: 0,
  download_url: '',
  download_expires_in: 0,
  created_at: '2026-01-01T00:00:00+08:00',
  finished_at: null,
  ...patch,
});

async function renderButton(fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  const view = await render(withQueryClient(<ExportButton kind="lease_orders" filters={{ stage: 'regular', status: undefined, keyword: '' }} />));
  cleanup = view.unmount;
  return view;
}

const dialog = () => document.querySelector('[role="dialog"]') as HTMLElement;

describe('ExportButton', () => {
  it('queues the export with the set filters, shows progress, then offers the file', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      if (url.includes('exportCreate')) return answer({ id: 7, status: 'queued' });
      const polls = fetchMock.mock.calls.filter(([called]) => String(called).includes('exportStatus')).length;
      return polls === 1
        ? answer(job({ status: 'running', progress: 40, rows: 8 }))
        : answer(job({ status: 'done', progress: 100, rows: 20, file_name: '租赁订单.xlsx', download_url: '/api/files/abc', download_expires_in: 300 }));
    });
    const view = await renderButton(fetchMock);
    await click(byText(view.container, 'button', '导出'));
    const [createUrl, createInit] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(createUrl).toContain('/api/platform/exportCreate');
    expect(JSON.parse(String(createInit.body))).toEqual({ kind: 'lease_orders', filters: { stage: 'regular' } });
    expect(dialog().textContent).toContain('已写入 8 行');
    expect(dialog().querySelector('[role="progressbar"]')!.getAttribute('aria-valuenow')).toBe('40');
    // The next poll, a second later.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 1200)));
    await settle();
    expect(dialog().textContent).toContain('共 20 行');
    expect(dialog().querySelector('[role="progressbar"]')!.getAttribute('aria-valuenow')).toBe('100');
    const link = byText(dialog(), 'a', '下载文件') as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('/api/files/abc');
    expect(link.getAttribute('download')).toBe('租赁订单.xlsx');
  });

  it('says readably that too many exports are unfinished (1810)', async () => {
    const fetchMock = vi.fn(async () => answer(null, 1810, 'too many'));
    const view = await renderButton(fetchMock);
    await click(byText(view.container, 'button', '导出'));
    expect(dialog().querySelector('[role="alert"]')!.textContent).toContain('你还有未完成的导出');
  });

  it('shows why a job failed', async () => {
    const fetchMock = vi.fn(async (url: string) => (url.includes('exportCreate') ? answer({ id: 7, status: 'queued' }) : answer(job({ status: 'failed', error_code: 1812, error: '导出失败，请稍后重试' }))));
    const view = await renderButton(fetchMock);
    await click(byText(view.container, 'button', '导出'));
    expect(dialog().querySelector('[role="alert"]')!.textContent).toContain('导出失败');
  });
});
