import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, byText, click, render, settle, withQueryClient } from '@/components/__tests__/render';
import { AnswerRequestDialog } from '../RequestDialogs';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

const bodies = (fetchMock: ReturnType<typeof vi.fn>) => fetchMock.mock.calls.filter(([url]) => String(url).includes('answerPrivacyRequest')).map(([, init]) => JSON.parse(String((init as RequestInit).body)));

async function open(result: 'completed' | 'refused') {
  const fetchMock = vi.fn(async (url: string) => (url.includes('/api/backend/answerPrivacyRequest') ? answer({ id: 5, status: result }) : answer(null, 404, `unexpected ${url}`)));
  vi.stubGlobal('fetch', fetchMock);
  const view = await render(withQueryClient(<AnswerRequestDialog requestId={5} result={result} onClose={() => undefined} />));
  cleanup = view.unmount;
  await settle();
  return fetchMock;
}

describe('AnswerRequestDialog', () => {
  it('refuses to send a refusal without its reason, then sends the reason given', async () => {
    const fetchMock = await open('refused');
    await click(byText(document.body, 'button', '登记'));
    await settle();
    expect(bodies(fetchMock)).toEqual([]);
    expect(document.body.textContent).toContain('必填');
    const box = document.body.querySelector<HTMLTextAreaElement>('textarea');
    expect(box).not.toBeNull();
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
    setter?.call(box, '尚有在租订单');
    box?.dispatchEvent(new Event('input', { bubbles: true }));
    await settle();
    await click(byText(document.body, 'button', '登记'));
    await settle();
    expect(bodies(fetchMock)).toEqual([{ id: 5, result: 'refused', outcome: '', refusal_reason: '尚有在租订单' }]);
  });
});
