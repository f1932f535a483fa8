import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, byText, click, render, settle, withQueryClient } from '@/components/__tests__/render';
import type { OrderCredit } from '../../queries';
import { OrderCreditActions } from '../OrderCreditActions';


const none = { authorisation: null, accounts: [], records: [], sha256: '', tree: [] } as unknown as OrderCredit;
const authorised = { ...none, authorisation: { sign_no: 'SQ2026001', signed_at: '2026-11-20T10:00:00+08:00', channel: 'app' } } as unknown as OrderCredit;
const opened = { ...authorised, accounts: [{ account_no: 'D1-0001', account_type: 'D1', state: 'open' }] } as unknown as OrderCredit;

let cleanup: () => Promise<void> = async () => undefined;
afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

async function show(credit: OrderCredit) {
  const fetchMock = vi.fn(async () => answer({}));
  vi.stubGlobal('fetch', fetchMock);
  const view = await render(withQueryClient(<OrderCreditActions orderId={7} credit={credit} />));
  cleanup = view.unmount;
  return { view, fetchMock };
}

async function sent(fetchMock: ReturnType<typeof vi.fn>) {
  await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
  await settle();
  const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  return { url, body: JSON.parse(String(init.body)) };
}

describe('OrderCreditActions', () => {
  it('records the authorisation with the channel the customer signed through, and offers nothing else before it', async () => {
    const { view, fetchMock } = await show(none);
    expect(byText(view.container, 'button', '开立征信账户')).toBeUndefined();
    expect(byText(view.container, 'button', '补充还款与逾期记录')).toBeUndefined();
    await click(byText(view.container, 'button', '登记客户授权'));
    const select = document.body.querySelector('select') as HTMLSelectElement;
    await act(async () => {
      select.value = 'paper';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await click(byText(document.body, 'button', '登记授权'));
    const { url, body } = await sent(fetchMock);
    expect(url).toContain('/api/credit/userCreateSign');
    expect(body).toEqual({ order_id: 7, channel: 'paper' });
  });

  it('opens the account of an authorised lease once confirmed', async () => {
    const { view, fetchMock } = await show(authorised);
    expect(byText(view.container, 'button', '登记客户授权')).toBeUndefined();
    await click(byText(view.container, 'button', '开立征信账户'));
    expect(fetchMock).not.toHaveBeenCalled();
    await click(byText(document.body, 'button', '开立账户'));
    const { url, body } = await sent(fetchMock);
    expect(url).toContain('/api/credit/accountOpeningCredit');
    expect(body).toEqual({ order_id: 7 });
  });

  it('adds the records the bills call for on an open account', async () => {
    const { view, fetchMock } = await show(opened);
    expect(byText(view.container, 'button', '开立征信账户')).toBeUndefined();
    await click(byText(view.container, 'button', '补充还款与逾期记录'));
    const { url, body } = await sent(fetchMock);
    expect(url).toContain('/api/credit/appendRepaymentTurnover');
    expect(body).toEqual({ order_id: 7 });
  });
});
