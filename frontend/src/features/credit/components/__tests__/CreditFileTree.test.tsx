import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, byText, click, render, type, until, withQueryClient } from '@/components/__tests__/render';
import { CreditFileTree } from '../CreditFileTree';

const FILE = {
  id: 5,
  file_no: 'CRF20261129001',
  period: '2026-11',
  status: 'generated',
  record_count: 1,
  accepted_count: 0,
  rejected_count: 0,
  sha256: 'ab'.repeat(32),
  feedback_reason: '',
  created_by: '店主',
  created_at: '2026-11-29T10:00:00+08:00',
  submitted_at: null,
  finished_at: null,
  intact: true,
  tree: [{ key: '0', parentKey: '', label: '报送文件', parentName: '', type: 'Document', value: null, children: [] }],
  records: [],
};
const LINK = '/files/private/abc.def';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

async function show(canManage: boolean) {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  const fetched = vi.fn(async (url: string) => (String(url).includes('exportCreditFile') ? answer({ download_url: LINK }) : answer(FILE)));
  vi.stubGlobal('fetch', fetched);
  const view = await render(withQueryClient(<CreditFileTree id={5} canManage={canManage} onClose={() => undefined} />));
  cleanup = view.unmount;
  await until(() => byText(view.container, 'button', '下载 XML') !== undefined);
  return { view, fetched, assign };
}

describe('CreditFileTree', () => {
  it('takes the whole file only with a reason, then opens its short-lived link', async () => {
    const { view, fetched, assign } = await show(true);
    expect(view.container.textContent).toContain('下载须填写原因');
    await click(byText(view.container, 'button', '下载 XML'));
    const dialog = document.body.querySelector('[role="dialog"]') as HTMLElement;
    // Nothing is asked of the server without a reason.
    await click(byText(dialog, 'button', '下载 XML'));
    expect(fetched.mock.calls.some(([url]) => String(url).includes('exportCreditFile'))).toBe(false);
    await type(dialog.querySelector('textarea')!, '人行检查调阅');
    await click(byText(dialog, 'button', '下载 XML'));
    await until(() => assign.mock.calls.length > 0);
    const [url, init] = fetched.mock.calls.find(([called]) => String(called).includes('exportCreditFile')) as unknown as [string, RequestInit];
    expect(url).toContain('/api/credit/exportCreditFile');
    expect(JSON.parse(String(init.body))).toEqual({ id: 5, reason: '人行检查调阅' });
    expect(assign).toHaveBeenCalledWith(LINK);
  });

  it('says why the download is not offered without the reporting right', async () => {
    const { view } = await show(false);
    const button = byText(view.container, 'button', '下载 XML') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const why = document.getElementById(button.getAttribute('aria-describedby')!)!;
    expect(why.textContent).toBe('需要“征信报送”权限才能下载完整文件。');
  });
});
