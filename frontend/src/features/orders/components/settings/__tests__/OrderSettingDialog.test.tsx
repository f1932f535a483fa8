import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, byText, click, render, settle, withQueryClient } from '@/components/__tests__/render';
import { OrderSettingDialog } from '../OrderSettingDialog';

const SAVED = {
  unpaid_cancel_minutes: 30,
  auto_receive_days: 7,
  buyout_from_period: 3,
  early_buyout_discount_rate: '0.1000',
  early_return_min_term: 6,
  early_return_fee_mode: 'rate',
  early_return_fee_value: '0.3000',
  updated_at: null,
};

function backend() {
    return vi.fn(async (url: string, init?: RequestInit) => {
    if (url.includes('/api/backend/getOrderSetting')) return answer(SAVED);
    if (url.includes('/api/backend/saveOrderSetting')) return answer({ ...SAVED, ...JSON.parse(String(init?.body)), updated_at: '2026-03-01T10:00:00+08:00' });
    return answer(null, 404, `unexpected ${url}`);
  });
}

const dialog = () => document.querySelector('[role="dialog"]') as HTMLElement;
const field = (label: string) => {
  const found = [...dialog().querySelectorAll('label')].find((element) => element.textContent?.trim() === label);
  return document.getElementById(found!.htmlFor) as HTMLInputElement | HTMLSelectElement;
};

async function change(element: HTMLInputElement | HTMLSelectElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')!.set!;
  await act(async () => {
    setter.call(element, value);
    element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
}

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

async function open(fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  const view = await render(withQueryClient(<OrderSettingDialog open onClose={() => undefined} />));
  cleanup = view.unmount;
  for (let round = 0; round < 10 && !dialog()?.querySelector('input'); round += 1) await settle();
}

describe('OrderSettingDialog', () => {
  it('shows the early-return terms as percentages and checks them in words', async () => {
    await open(backend());
    expect(field('最短租期（期，0 为不限）').value).toBe('6');
    expect(field('提前退租违约金').value).toBe('rate');
    expect(field('违约金比例（取消租金的 %）').value).toBe('30');
    await change(field('违约金比例（取消租金的 %）'), '130');
    await change(field('最短租期（期，0 为不限）'), '-1');
    await click(byText(dialog(), 'button', '保存设置'));
    expect(dialog().textContent).toContain('请输入 0–100 之间的百分比，最多两位小数');
    expect(dialog().textContent).toContain('请输入 0–120 之间的整数');
  });

  it('saves a fixed fee in yuan with the other settings', async () => {
    const fetchMock = backend();
    await open(fetchMock);
    await change(field('提前退租违约金'), 'fixed');
    await change(field('违约金金额（元）'), '200');
    await click(byText(dialog(), 'button', '保存设置'));
    const sent = fetchMock.mock.calls.filter(([url]) => String(url).includes('saveOrderSetting'));
    expect(sent).toHaveLength(1);
    expect(JSON.parse(String(sent[0]![1]!.body))).toEqual({
      unpaid_cancel_minutes: 30,
      auto_receive_days: 7,
      buyout_from_period: 3,
      early_buyout_discount_rate: '0.1000',
      early_return_min_term: 6,
      early_return_fee_mode: 'fixed',
      early_return_fee_value: '200.00',
      // Deposit-free on Zhima credit (issue 66): off, as the shop left it.
      zhima_deposit_free: false,
      zhima_service_id: '',
      zhima_category: '',
      zhima_deposit_mode: 'POSTPAY',
      zhima_violation_grace_days: 7,
    });
  });
});
