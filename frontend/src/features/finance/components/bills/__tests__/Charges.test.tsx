import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, byText, click, render, type, until, withQueryClient } from '@/components/__tests__/render';
import { BillingDetailsScreen } from '../BillingDetailsScreen';
import { bill, type TestOrderPage } from './bills';

const page = vi.hoisted(() => ({ current: null as TestOrderPage | null }));
vi.mock('@/features/orders/components/detail/useOrderPage', async () => (await import('./bills')).orderPageMock(page));
vi.mock('next/link', async () => (await import('@/components/__tests__/mocks')).nextLinkMock);

const WAIVER = [{ action: 'order.view' }, { action: 'finance.view' }, { action: 'finance.waive' }];
const NO_WAIVER = [{ action: 'order.view' }, { action: 'finance.view' }];

/** A finished order owing a damage charge; the termination fee was waived before. */
function backend() {
  let waived = false;
  let part: string | null = null;
    const damage = () =>
    part
      ? bill(3, { kind: 'damage', rent: '500.00', amount: '500.00', waived_amount: part, waivers: [{ reason: '协商减免一部分', actor_name: '演示店主', created_at: '2026-03-12T10:00:00+08:00', principal: part, late_fee: '0.00', whole: false }] })
      : waived
      ? bill(3, { kind: 'damage', rent: '0.00', amount: '500.00', state: 'cancelled', status: 'cancelled', waived_amount: '500.00', waiver: { reason: '客户困难，同意减免', actor_name: '演示店主', created_at: '2026-03-12T10:00:00+08:00', principal: '500.00', late_fee: '0.00' } })
      : bill(3, { kind: 'damage', rent: '0.00', amount: '500.00' });
  const detail = () => ({
    id: 7,
    order_no: 'ZL7',
    kind: 'lease',
    // The server lists waive_charge for a session holding finance.waive.
    actions: page.current!.auth.some((grant) => grant.action === 'finance.waive') ? ['waive_charge'] : [],
    owed_amount: waived ? '0.00' : part ? '300.00' : '500.00',
    bill_totals: { amount: '1737.00', paid: '1237.00', owed: waived ? '0.00' : '500.00' },
    bills: [
      bill(1, { state: 'paid', status: 'paid', paid_amount: '1237.00', paid_by: 'customer' }),
      bill(2, { kind: 'termination', rent: '0.00', amount: '300.00', state: 'cancelled', status: 'cancelled', waived_amount: '300.00', waiver: { reason: '老客户', actor_name: '演示店主', created_at: '2026-03-11T09:30:00+08:00', principal: '300.00', late_fee: '0.00' } }),
      damage(),
    ],
  });
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.includes('/api/merchant/orderInfo')) return answer(detail());
    if (url.includes('/api/platform/getOverdueMoney'))
      return answer({ overdue_bills: 0, overdue_rent: '0.00', late_fee: '0.00', late_fee_waived: '0.00', late_fee_paid: '0.00', late_fee_owed: '0.00', total: '0.00' });
    if (url.includes('/api/finance/waiveOrderCharge')) {
      const sent = JSON.parse(String(init?.body ?? '{}')) as { amount?: string };
      if (sent.amount) part = sent.amount;
      else waived = true;
      return answer(damage());
    }
    return answer(null, 404, `unexpected ${url} ${init?.method ?? 'GET'}`);
  });
  return fetchMock;
}

const table = () => document.querySelector('table') as HTMLTableElement;
const row = (name: string) => [...table().querySelectorAll('tbody tr')].find((tr) => tr.querySelector('td')?.textContent === name) as HTMLElement;
const dialog = () => document.querySelector('[role="dialog"]') as HTMLElement | null;

let cleanup: () => Promise<void> = async () => undefined;
beforeEach(() => {
  page.current = { platform: false, auth: WAIVER, orderRef: { id: 7, merchantId: null } };
});
afterEach(() => cleanup());

async function renderScreen(fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  const view = await render(withQueryClient(<BillingDetailsScreen />));
  cleanup = view.unmount;
  await until(() => Boolean(document.querySelector('table')));
}

describe('BillingDetailsScreen: charges after a return', () => {
  it('names the charges, shows a waived one with its reason, and what the order still owes', async () => {
    await renderScreen(backend());
    expect(row('损坏赔偿')).toBeDefined();
    const termination = row('提前退租违约金');
    expect(termination.textContent).toContain('已减免');
    expect(termination.textContent).toContain('减免 ¥300.00');
    expect(termination.textContent).toContain('原因：老客户');
    expect(termination.textContent).toMatch(/演示店主 于 2026-03-11 \d{2}:30 减免/);
    expect(document.querySelector('[data-testid="owed-banner"]')?.textContent).toContain('订单已完结，客户仍欠 ¥500.00');
  });

  it('offers the waiver only on an open bill, only with finance.waive', async () => {
    await renderScreen(backend());
    expect(byText(row('损坏赔偿'), 'button', '减免欠款')?.getAttribute('aria-label')).toBe('减免损坏赔偿欠款');
    expect(byText(row('提前退租违约金'), 'button', '减免欠款')).toBeUndefined();
    expect(byText(row('第 1 期'), 'button', '减免欠款')).toBeUndefined();
    await cleanup();
    page.current = { platform: false, auth: NO_WAIVER, orderRef: { id: 7, merchantId: null } };
    await renderScreen(backend());
    expect(byText(row('损坏赔偿'), 'button', '减免欠款')).toBeUndefined();
  });

  it('needs a reason, then waives all the bill owes with one key per opening', async () => {
    const fetchMock = backend();
    await renderScreen(fetchMock);
    await click(byText(row('损坏赔偿'), 'button', '减免欠款'));
    await until(() => Boolean(dialog()));
    expect(dialog()!.textContent).toContain('损坏赔偿现在待付 ¥500.00');
    await click(byText(dialog()!, 'button', '减免 ¥500.00'));
    expect(dialog()!.textContent).toContain('请填写减免原因');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('waiveOrderCharge'))).toHaveLength(0);
    await type(dialog()!.querySelector('textarea')!, '客户困难，同意减免');
    await click(byText(dialog()!, 'button', '减免 ¥500.00'));
    await until(() => dialog() === null);
    const sent = fetchMock.mock.calls.filter(([url]) => String(url).includes('waiveOrderCharge'));
    expect(sent).toHaveLength(1);
    const body = JSON.parse(String(sent[0]![1]!.body));
    expect(body).toMatchObject({ order_id: 7, period: 3, reason: '客户困难，同意减免' });
    expect(body.idempotency_key).toMatch(/^waivecharge/);
    await until(() => row('损坏赔偿').textContent?.includes('已减免') ?? false);
    expect(document.querySelector('[data-testid="owed-banner"]')).toBeNull();
  });

  it('names the typed part on its button before the reason is written, and turns it off for an amount it cannot waive', async () => {
    await renderScreen(backend());
    await click(byText(row('损坏赔偿'), 'button', '减免欠款'));
    await until(() => Boolean(dialog()));
    const amount = dialog()!.querySelector('input') as unknown as HTMLTextAreaElement;
    const confirm = () => [...dialog()!.querySelectorAll('button')].at(-1) as HTMLButtonElement;
    expect(confirm().textContent).toBe('减免 ¥500.00');
    await type(amount, '100');
    // No reason yet: the button still says what a click would waive, the typed ¥100.00.
    expect(confirm().textContent).toBe('减免 ¥100.00');
    expect(confirm().disabled).toBe(false);
    await type(amount, 'abc');
    expect(confirm().disabled).toBe(true);
    expect(dialog()!.textContent).toContain('请输入正确的金额');
    await type(amount, '');
    expect(confirm().textContent).toBe('减免 ¥500.00');
    expect(confirm().disabled).toBe(false);
  });

  it('waives a typed part of the principal, never more than it owes, and shows the rest still owed', async () => {
    const fetchMock = backend();
    await renderScreen(fetchMock);
    await click(byText(row('损坏赔偿'), 'button', '减免欠款'));
    await until(() => Boolean(dialog()));
    expect(dialog()!.textContent).toContain('其中本金 ¥500.00');
    const amount = dialog()!.querySelector('input') as unknown as HTMLTextAreaElement;
    await type(amount, '500.01');
    await type(dialog()!.querySelector('textarea')!, '协商减免一部分');
    // Above the principal: the button is off and the field says why, before any click.
    expect(dialog()!.textContent).toContain('不能超过 ¥500.00');
    expect((byText(dialog()!, 'button', '减免欠款') as HTMLButtonElement).disabled).toBe(true);
    await click(byText(dialog()!, 'button', '减免欠款'));
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('waiveOrderCharge'))).toHaveLength(0);
    await type(amount, '200');
    await click(byText(dialog()!, 'button', '减免 ¥200.00'));
    await until(() => dialog() === null);
    const sent = fetchMock.mock.calls.filter(([url]) => String(url).includes('waiveOrderCharge'));
    expect(sent).toHaveLength(1);
    expect(JSON.parse(String(sent[0]![1]!.body))).toMatchObject({ period: 3, amount: '200.00', reason: '协商减免一部分' });
    await until(() => row('损坏赔偿').textContent?.includes('部分减免 ¥200.00') ?? false);
    expect(row('损坏赔偿').textContent).toContain('原因：协商减免一部分');
    // The rest is still owed: the waiver stays offered.
    expect(byText(row('损坏赔偿'), 'button', '减免欠款')).toBeDefined();
  });
});
