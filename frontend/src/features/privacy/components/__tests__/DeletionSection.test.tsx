import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, byText, click, render, settle, withQueryClient } from '@/components/__tests__/render';
import { DeletionActions, DeletionSection } from '../DeletionSection';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

const HELD = { holds: [{ code: 'open_order' as const, label: '有未结束的订单', label_en: 'an order not ended', until: null }], until: null, erasable: false, restriction: null };
const FREE = { holds: [], until: null, erasable: true, restriction: null };

async function open(deletion: typeof HELD | typeof FREE) {
  const fetchMock = vi.fn(async (url: string) => (url.includes('PrivacyData') ? answer({ id: 9, status: 'completed' }) : answer(null, 404, `unexpected ${url}`)));
  vi.stubGlobal('fetch', fetchMock);
  const view = await render(withQueryClient(<DeletionActions requestId={9} deletion={deletion} />));
  cleanup = view.unmount;
  await settle();
  return fetchMock;
}

const posted = (fetchMock: ReturnType<typeof vi.fn>) => fetchMock.mock.calls.map(([url, init]) => [String(url).replace(/^.*\/api\/backend\//, ''), JSON.parse(String((init as RequestInit).body))]);

describe('DeletionActions', () => {
  it('disables erasing while something holds the data, says why, and answers with the hold', async () => {
    const fetchMock = await open(HELD);
    const erase = byText(document.body, 'button', '执行删除') as HTMLButtonElement;
    expect(erase.disabled).toBe(true);
    expect(erase.title).toContain('仍有须保留的数据');
    expect(document.body.textContent).toContain('仍有须保留的数据');
    await click(byText(document.body, 'button', '说明保留原因并限制处理'));
    await settle();
    await click(byText(document.body, 'button', '答复并限制处理'));
    await settle();
    expect(posted(fetchMock)).toEqual([['restrictPrivacyData', { id: 9 }]]);
  });

  it('disables the answer with a hold when nothing holds the data, and erases on confirmation', async () => {
    const fetchMock = await open(FREE);
    const restrict = byText(document.body, 'button', '说明保留原因并限制处理') as HTMLButtonElement;
    expect(restrict.disabled).toBe(true);
    expect(restrict.title).toContain('请直接删除');
    await click(byText(document.body, 'button', '执行删除'));
    await settle();
    await click(byText(document.body, 'button', '删除'));
    await settle();
    expect(posted(fetchMock)).toEqual([['erasePrivacyData', { id: 9 }]]);
  });
});

describe('DeletionSection', () => {
  it('shows what holds the data and until when, and an erased customer as erased only', async () => {
    let view = await render(withQueryClient(<DeletionSection deletion={{ ...HELD, holds: [...HELD.holds, { code: 'transaction_records', label: '', label_en: '', until: '2029-05-01' }] }} />));
    expect(document.body.textContent).toContain('有未结束的订单');
    expect(document.body.textContent).toContain('2029');
    await view.unmount();
    view = await render(withQueryClient(<DeletionSection deletion={{ ...FREE, restriction: { status: 'erased', until: null, erased_at: '2026-11-29T16:00:00+08:00', counts: { customers: 1 } } }} />));
    cleanup = view.unmount;
    expect(document.body.textContent).toContain('已删除');
    expect(document.body.textContent).not.toContain('可以删除');
  });
});
