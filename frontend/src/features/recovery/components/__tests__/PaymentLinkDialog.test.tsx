import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, byText, click, render, settle, withQueryClient } from '@/components/__tests__/render';
import { PaymentLinkDialog } from '../CaseDialogs';


const LINK = {
  case_id: 7,
  period: 2,
  out_trade_no: 'ZL202611260001',
  amount: '412.50',
  status: 'processing',
  pay_url: 'http://127.0.0.1:8765/api/sandbox/payments/ZL202611260001/pay',
  qr_code: '',
};
const SENT = { status: 'sent', message_id: 31, phone: '139****0054', text: '…', error_code: null, error: '' };
const REFUSED = { status: 'failed', message_id: null, phone: '', text: '', error_code: 1661, error: '该客户一小时内的短信已达上限' };

const bodies = (fetchMock: ReturnType<typeof vi.fn>) => fetchMock.mock.calls.filter(([url]) => String(url).includes('sendPaymentLink')).map(([, init]) => JSON.parse(String((init as RequestInit).body)));

let cleanup: () => Promise<void> = async () => undefined;
afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The dialog opened at a China hour (UTC+8). */
async function open(sms: unknown, chinaHour = 10) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(Date.UTC(2026, 10, 26, chinaHour - 8)));
  const fetchMock = vi.fn(async (url: string) => (url.includes('/api/backend/sendPaymentLink') ? answer({ ...LINK, sms }) : answer(null, 404, `unexpected ${url}`)));
  vi.stubGlobal('fetch', fetchMock);
  const view = await render(withQueryClient(<PaymentLinkDialog caseId={7} open onClose={() => undefined} />));
  cleanup = view.unmount;
  await settle();
  return fetchMock;
}

describe('PaymentLinkDialog', () => {
  it('texts the link by default and says to which phone it went', async () => {
    const fetchMock = await open(SENT);
    const box = document.body.querySelector<HTMLInputElement>('input[type="checkbox"]');
    expect(box?.checked).toBe(true);
    await click(byText(document.body, 'button', '生成链接'));
    await settle();
    expect(bodies(fetchMock)).toEqual([expect.objectContaining({ case_id: 7, send_sms: true })]);
    expect(document.body.querySelector('[data-link-sms="sent"]')?.textContent).toBe('已短信发送至 139****0054。');
    expect(document.body.textContent).toContain(LINK.pay_url);
  });

  it('a text the throttle refused leaves the link, with the reason', async () => {
    await open(REFUSED);
    await click(byText(document.body, 'button', '生成链接'));
    await settle();
    expect(document.body.querySelector('[data-link-sms="failed"]')?.textContent).toContain('该客户一小时内的短信已达上限');
    expect(document.body.textContent).toContain(LINK.pay_url);
  });

  it('in the quiet hours the text cannot be asked for, and says why', async () => {
    const fetchMock = await open(null, 22);
    const box = document.body.querySelector<HTMLInputElement>('input[type="checkbox"]');
    expect([box?.checked, box?.disabled]).toEqual([false, true]);
    expect(document.body.textContent).toContain('免打扰时段');
    await click(byText(document.body, 'button', '生成链接'));
    await settle();
    expect(bodies(fetchMock)).toEqual([expect.objectContaining({ send_sms: false })]);
  });

  it('unticked, asks for no text and shows none', async () => {
    const fetchMock = await open(null);
    await click(document.body.querySelector('input[type="checkbox"]'));
    await click(byText(document.body, 'button', '生成链接'));
    await settle();
    expect(bodies(fetchMock)).toEqual([expect.objectContaining({ send_sms: false })]);
    expect(document.body.querySelector('[data-link-sms]')).toBeNull();
    expect(document.body.textContent).toContain(LINK.pay_url);
  });
});
