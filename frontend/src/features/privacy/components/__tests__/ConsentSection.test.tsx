import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, byText, click, render, settle, type, withQueryClient } from '@/components/__tests__/render';
import { ConsentSection } from '../ConsentSection';

let cleanup: () => Promise<void> = async () => undefined;
afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

const row = (purpose: string, status: string, patch: Record<string, unknown> = {}) => ({ purpose, purpose_name: purpose, status, given_at: status === 'none' ? null : '2026-11-01T02:00:00Z', withdrawn_at: null, ...patch });
const consents = (credit: string) => ({ customer_id: 7, lease_basis: '', consents: [row('marketing', 'none'), row('face_check', 'given'), row('credit_query', credit, credit === 'withdrawn' ? { withdrawn_at: '2026-11-29T02:00:00Z' } : {}), row('location', 'none')] });

describe('ConsentSection', () => {
  it('withdraws a consent, shows it withdrawn and says the lease rests on the contract', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.includes('/getCustomerConsents')) return answer(consents('given'));
      if (url.includes('/saveCustomerConsent')) {
        expect(JSON.parse(String(init?.body))).toEqual({ customer_id: 7, purpose: 'credit_query', given: false, reason: '电话' });
        return answer({ ...consents('withdrawn'), lease_basis: '租赁本身基于合同的订立和履行' });
      }
      return answer(null, 404, `unexpected ${url}`);
    });
    vi.stubGlobal('fetch', fetchMock);
    const view = await render(withQueryClient(<ConsentSection customerId={7} />));
    cleanup = view.unmount;
    for (let round = 0; round < 10 && !document.querySelector('li'); round += 1) await settle();
    const credit = () => [...document.querySelectorAll('li')].find((item) => item.textContent?.includes('征信查询'))!;
    expect(credit().textContent).toContain('已同意');
    await click(byText(credit(), 'button', '撤回同意'));
    const dialog = document.querySelector('[role="dialog"]') as HTMLElement;
    await type(dialog.querySelector('textarea')!, '电话');
    await click(byText(dialog, 'button', '撤回同意'));
    for (let round = 0; round < 10 && !document.querySelector('[role="status"]'); round += 1) await settle();
    expect(credit().textContent).toContain('已撤回');
    expect(document.querySelector('[role="status"]')?.textContent).toContain('基于合同');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/saveCustomerConsent'))).toHaveLength(1);
  });
});
