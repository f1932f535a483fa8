import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, render, settle, until, withQueryClient } from '@/components/__tests__/render';
import { ZhimaCreditSection } from '../ZhimaCreditSection';

function creditOrder(patch: Record<string, unknown> = {}) {
  return {
    id: 1,
    order_id: 9,
    order_no: 'ZL9',
    status: 'violation_pending',
    service_id: '2026112900000000000001',
    category: 'RENT_PHONE',
    deposit_mode: 'POSTPAY',
    auth_no: 'A1',
    deposit: '500.00',
    credit_limit: '333.33',
    credit_amount: '166.66',
    fund_amount: '333.34',
    post_payment_amount: '399.00',
    post_payment_count: 11,
    violation_reason: '',
    violation_earliest: '2026-12-08T10:00:00+08:00',
    violation_asked_at: null,
    notices: [{ amount_owed: '405.00', owed_since: '2026-11-19', text: '欠款 405.00 元（自 2026-11-19 起逾期）；2026-12-08 起可向芝麻信用报送违约', sent_at: '2026-12-01T10:00:00+08:00' }],
    syncs: [{ out_request_no: 'ZL9Z07', sync_status: 'CLOSED', result: 'processing', request: {}, answer: {}, error: 'SYSTEM_ERROR: no answer', attempts: 2, created_at: '2026-12-01T10:00:00+08:00', answered_at: null }],
    history: [],
    ...patch,
  };
}

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

async function show(data: unknown, canManage = true) {
  const fetched = vi.fn(async () => answer(data));
  vi.stubGlobal('fetch', fetched);
  const view = await render(withQueryClient(<ZhimaCreditSection orderId={9} canManage={canManage} />));
  cleanup = view.unmount;
  await until(() => fetched.mock.calls.length > 0);
  for (let round = 0; round < 5; round += 1) await settle();
}

const section = () => document.querySelector('[data-testid="zhima-credit-order"]') as HTMLElement | null;
const buttons = () => [...section()!.querySelectorAll('button')].map((button) => button.textContent);
const stat = (id: string) => section()!.querySelector(`[data-stat="${id}"]`)!.textContent;

describe('ZhimaCreditSection', () => {
  it('labels the credit part and the fund part apart, the notice, and each sync with its number', async () => {
    await show({ order_id: 9, deposit_free: true, credit_order: creditOrder() });
    expect(section()!.dataset.status).toBe('violation_pending');
    expect(stat('credit')).toBe('芝麻信用额度（担保，非资金）¥166.66');
    expect(stat('fund')).toBe('冻结的客户资金¥333.34');
    expect(section()!.textContent).toContain('待确认违约');
    expect(section()!.textContent).toContain('欠款 405.00 元');
    const sync = section()!.querySelector('[data-sync="CLOSED"]')!;
    expect(sync.textContent).toContain('ZL9Z07');
    expect(sync.textContent).toContain('待应答');
    expect(sync.textContent).toContain('SYSTEM_ERROR');
    expect(buttons()).toEqual(['确认违约']);
  });

  it('offers no action without credit.manage, and shows nothing for a deposit of money only', async () => {
    await show({ order_id: 9, deposit_free: true, credit_order: creditOrder() }, false);
    expect(buttons()).toEqual([]);
    await cleanup();
    await show({ order_id: 9, deposit_free: false, credit_order: null });
    expect(document.body.textContent).not.toContain('正在加载');
    expect(section()).toBeNull();
    expect(document.querySelector('#order-zhima')).toBeNull();
  });

  it('keeps the violation unconfirmable while the grace after the notice runs, and says until when', async () => {
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    await show({ order_id: 9, deposit_free: true, credit_order: creditOrder({ violation_earliest: inDays(2) }) });
    const confirm = [...section()!.querySelectorAll('button')].find((button) => button.textContent === '确认违约')!;
    expect(confirm.disabled).toBe(true);
    const why = document.getElementById(confirm.getAttribute('aria-describedby')!)!;
    expect(why.textContent).toMatch(/^最早可于 .+ 确认违约$/);
    expect(confirm.title).toBe(why.textContent);
    await cleanup();

    await show({ order_id: 9, deposit_free: true, credit_order: creditOrder({ violation_earliest: inDays(-1) }) });
    const open = [...section()!.querySelectorAll('button')].find((button) => button.textContent === '确认违约')!;
    expect(open.disabled).toBe(false);
    expect(open.getAttribute('aria-describedby')).toBeNull();
  });

  it('says when the overdue ladder asks a person to confirm, and nothing before', async () => {
    await show({ order_id: 9, deposit_free: true, credit_order: creditOrder() });
    expect(section()!.querySelector('[data-asked]')).toBeNull();
    await cleanup();
    await show({ order_id: 9, deposit_free: true, credit_order: creditOrder({ violation_asked_at: '2026-12-08T10:00:00+08:00' }) });
    expect(section()!.querySelector('[data-asked]')!.textContent).toMatch(/^逾期处理阶梯已于 .+ 请求人工确认违约；经人工填写原因确认前不会报送$/);
  });
});
