import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, byText, click, render, until, withQueryClient } from '@/components/__tests__/render';
import { SendMessageDialog } from '../SendMessageDialog';


const template = (code: string, name: string, content: string, platform = true) => ({ code, id: platform ? null : 3, name, name_en: name, content, is_active: true, platform, variables: [] });
const info = {
  phone: '400-800-1234',
  hours: '每天 09:00-21:00',
  online_url: '',
  updated_at: null,
  notices: [],
  templates: [template('bill_due', '还款提醒', '{name}您好……'), template('shop:3', '签收回访', '{name}您好，{goods}已签收', false)],
  variables: [],
  return_addresses: [],
  limits: { per_hour: 3, per_day: 10 },
};
const preview = (code: string, missing: string[] = []) => ({
  template_code: code,
  template_name: code,
  text: code === 'bill_due' ? '张*您好，您的订单ZL1第2期应还100.00元' : '张*您好，手机已签收',
  missing,
  phone: '139****0001',
  sent_last_hour: 1,
  sent_today: 2,
});

function backend({ sendCode = 200, missing = [] as string[] } = {}) {
  return vi.fn(async (url: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    if (url.includes('/api/general/getBaseInfo')) return answer(info);
    if (url.includes('/api/general/previewMessage')) return answer(preview(body.template_code, body.template_code === 'bill_due' ? missing : []));
    if (url.includes('/api/general/sendMessage')) return sendCode === 200 ? answer({ id: 9, status: 'sent' }) : answer({ window: 'hour', limit: 3, sent: 3 }, sendCode, 'throttled');
    return answer(null, 404, `unexpected ${url}`);
  });
}

const calls = (fetchMock: ReturnType<typeof vi.fn>, path: string) => fetchMock.mock.calls.filter(([url]) => String(url).includes(path)) as [string, RequestInit][];
/** The dialog polls on a timer: real time passes between the rounds. */
const POLL = { rounds: 40, waitMs: 50 };

let cleanup: () => Promise<void> = async () => undefined;
afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

async function open(fetchMock: ReturnType<typeof vi.fn>, onClose = () => undefined) {
  vi.stubGlobal('fetch', fetchMock);
  const view = await render(withQueryClient(<SendMessageDialog open orderId={42} onClose={onClose} />));
  cleanup = view.unmount;
  await until(() => document.body.textContent?.includes('张*您好，您的订单') ?? false, POLL);
}

describe('SendMessageDialog', () => {
  it('previews the first template for the order, switches template and sends the chosen one once', async () => {
    const fetchMock = backend();
    const closed = vi.fn();
    await open(fetchMock, closed);
    expect(document.body.textContent).toContain('发送至 139****0001');
    expect(document.body.textContent).toContain('最近一小时已收 1/3 条');

    const select = document.body.querySelector('select') as HTMLSelectElement;
    await act(async () => {
      select.value = 'shop:3';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await until(() => document.body.textContent?.includes('张*您好，手机已签收') ?? false, POLL);

    await click(byText(document.body, 'button', '发送'));
    await until(() => closed.mock.calls.length === 1, POLL);
    const [call] = calls(fetchMock, '/api/general/sendMessage');
    const sent = JSON.parse(String(call?.[1].body));
    expect(sent).toMatchObject({ order_id: 42, template_code: 'shop:3' });
    expect(sent.idempotency_key).toMatch(/^message-.+-shop:3$/);
  });

  it('explains the per-customer limit and keeps the dialog open', async () => {
    const fetchMock = backend({ sendCode: 1661 });
    const closed = vi.fn();
    await open(fetchMock, closed);
    await click(byText(document.body, 'button', '发送'));
    await until(() => document.body.textContent?.includes('每小时 3 条、每天 10 条') ?? false, POLL);
    expect(closed).not.toHaveBeenCalled();
  });

  it('sends nothing for a template the order cannot fill, and says what is missing', async () => {
    const fetchMock = backend({ missing: ['due_date'] });
    await open(fetchMock);
    expect(document.body.textContent).toContain('该订单无法填入：到期日');
    await click(byText(document.body, 'button', '发送'));
    expect(calls(fetchMock, '/api/general/sendMessage')).toHaveLength(0);
  });
});
