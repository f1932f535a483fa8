import { createTranslator } from 'next-intl';
import { act, useSyncExternalStore } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byText, click, render, until, withQueryClient } from '@/components/__tests__/render';
import { formatDateTime } from '@/components/format';
import en from '@/i18n/catalogues/en';
import { BillListScreen } from '../BillListScreen';
import { lineDetail } from '../bill-table/columns';

// The page's URL (next/navigation) as a small store the screen re-renders from, and the session's
// side and actions (the global state).
const url = vi.hoisted(() => {
  let search = '';
  const listeners = new Set<() => void>();
  return {
    get: () => search,
    set: (next: string) => {
      search = next;
      listeners.forEach((listener) => listener());
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
});
vi.mock('next/navigation', () => ({
  usePathname: () => '/billList',
  useSearchParams: () => new URLSearchParams(useSyncExternalStore(url.subscribe, url.get, url.get)),
  useRouter: () => ({ replace: (href: string) => url.set(href.split('?')[1] ?? '') }),
}));
const session = vi.hoisted(() => ({ platformType: 1 as 0 | 1, auth: [{ action: 'finance.view' }] as { action: string }[] }));
vi.mock('@/components/GlobalStateProvider', () => ({ useGlobalState: <T,>(select: (state: typeof session) => T) => select(session) }));
vi.mock('next/link', async () => (await import('@/components/__tests__/mocks')).nextLinkMock);

const line = (id: number, patch: Record<string, unknown> = {}) => ({
  id,
  reference: `J${id}`,
  type: 'payment',
  type_name: '租金收款',
  type_name_en: 'Rent received',
  kind: 'bill_payment',
  memo: `ZL00${id} #1`,
  order_id: 40 + id,
  merchant_id: null,
  merchant_name: '',
  amount: '1237.00',
  actor: '',
  created_at: '2026-01-05T10:20:00+08:00',
  ...patch,
});

const STORE_LINES = [line(2), line(1, { type: 'commission', type_name: '平台佣金', type_name_en: 'Platform commission', kind: 'commission', amount: '-61.85' })];
const PLATFORM_LINES = [
  line(3, { type: 'receipt', type_name: '商户代收', merchant_id: 5, merchant_name: '演示商户' }),
  line(4, { type: 'commission', type_name: '佣金收入', amount: '61.85', merchant_id: 6, merchant_name: '顶点数码', order_id: null }),
];

const bill = (id: number, patch: Record<string, unknown> = {}) => ({
  id,
  order_id: 41,
  order_no: 'ZL0001',
  kind: 'lease',
  period: id,
  due_date: '2026-02-01',
  amount: '1237.00',
  paid_amount: '0.00',
  late_fee: '0.00',
  late_fee_owed: '0.00',
  status: 'unpaid',
  state: 'due',
  paid_at: null,
  paid_by: '',
  last_failure: '',
  ...patch,
});

type Handler = (query: URLSearchParams) => { data?: unknown; code?: number };

/** The back end of these tests: answers per path, each call recorded with its query. */
function backend(overrides: Record<string, Handler> = {}) {
  const handlers: Record<string, Handler> = {
    '/api/v2/getBillList': (query) => {
      const rows = STORE_LINES.filter((row) => !query.get('type') || row.type === query.get('type'));
      return { data: { list: rows, total: rows.length, page: 1, page_size: 20 } };
    },
    '/api/platform/getFinanceRecord': (query) => {
      const rows = PLATFORM_LINES.filter((row) => !query.get('merchant_id') || String(row.merchant_id) === query.get('merchant_id'));
      return { data: { list: rows, total: rows.length, page: 1, page_size: 20 } };
    },
    '/api/platform/getTransactionTypeCount': () => ({
      data:
        session.platformType === 0
          ? [
              { value: 'receipt', label: '商户代收', label_en: 'Received', count: 1 },
              { value: 'commission', label: '佣金收入', label_en: 'Commission', count: 1 },
            ]
          : // Every type of the side, as the server lists them.
            ['payment', 'deposit', 'refund', 'commission', 'settlement', 'withdrawal'].map((value) => ({ value, label: value, label_en: value, count: value === 'payment' || value === 'commission' ? 1 : 0 })),
    }),
    '/api/finance/getMarkCollect': () => ({ data: { received: '1237.00', refunded: '0.00', commission: '61.85', settled: '1175.15', withdrawable: '1175.15', awaiting_settlement: '0.00', statements: 1 } }),
    '/api/finance/getFinanceBillList': () => ({
      data: {
        list: [bill(2, { state: 'failed', last_failure: 'INSUFFICIENT_BALANCE' }), bill(1, { state: 'paid', status: 'paid', paid_amount: '1237.00', paid_at: '2026-01-01T09:00:00+08:00', paid_by: 'customer' })],
        total: 2,
        page: 1,
        page_size: 20,
      },
    }),
    '/api/platform/getShopSelections': () => ({ data: [{ id: 5, name: '演示商户' }, { id: 6, name: '顶点数码' }] }),
    ...overrides,
  };
  return vi.fn(async (input: string) => {
    const requested = new URL(String(input), 'http://demo.localhost:3000');
    const handler = handlers[requested.pathname];
    const reply = handler ? handler(requested.searchParams) : { code: 404, data: null };
    return new Response(JSON.stringify({ code: reply.code ?? 200, msg: 'ok', data: reply.data ?? null }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
}

const calls = (fetchMock: ReturnType<typeof backend>, path: string) => fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://demo.localhost:3000')).filter((requested) => requested.pathname === path);
const table = () => document.querySelector('table') as HTMLTableElement | null;
const rows = () => [...(table()?.querySelectorAll('tbody tr') ?? [])] as HTMLElement[];
const pills = () => document.querySelector('[role="group"]') as HTMLElement;

let cleanup: () => Promise<void> = async () => undefined;
beforeEach(() => {
  url.set('');
  session.platformType = 1;
  session.auth = [{ action: 'finance.view' }];
});
afterEach(() => cleanup());

async function renderScreen(fetchMock: ReturnType<typeof backend>) {
  vi.stubGlobal('fetch', fetchMock);
  const view = await render(withQueryClient(<BillListScreen />));
  cleanup = view.unmount;
  return view;
}

describe('/billList on the store side', () => {
  it('shows the totals with the withdrawable balance set apart, the type tabs with counts and the lines', async () => {
    await renderScreen(backend());
    await until(() => rows().length === 2 && Boolean(document.querySelector('[data-stat="withdrawable"]')));
    const withdrawable = document.querySelector('[data-stat="withdrawable"]') as HTMLElement;
    expect(withdrawable.querySelector('dd')!.textContent).toBe('¥1,175.15');
    expect(withdrawable.className).toContain('bg-brand-50');
    expect(document.querySelector('[data-stat="refunded"] dd')!.textContent).toBe('¥0.00');
    expect(document.querySelector('[data-stat="statements"] dd')!.textContent).toBe('1 期');
    expect(byText(pills(), 'button', /^全部\s*2$/)).toBeDefined();
    expect(byText(pills(), 'button', /^租金收款\s*1$/)).toBeDefined();
    expect(byText(pills(), 'button', /^提现\s*0$/)).toBeDefined();

    const [payment, commission] = rows();
    expect(payment!.textContent).toContain('租金收款');
    const amountIn = payment!.querySelector('[data-direction]')!;
    expect([amountIn.textContent, amountIn.getAttribute('data-direction')]).toEqual(['+¥1,237.00', 'in']);
    const amountOut = commission!.querySelector('[data-direction]')!;
    expect([amountOut.textContent, amountOut.getAttribute('data-direction')]).toEqual(['-¥61.85', 'out']);
    expect(payment!.querySelector('a[href="/orderInfo/42"]')?.textContent).toBe('查看订单');
    expect(payment!.textContent).toContain(formatDateTime('2026-01-05T10:20:00+08:00')); // the reader's time zone
    expect(payment!.textContent).toContain('系统'); // no actor: the system booked it
  });

  it('shows a held statement: its days, why it is held, and how short it is of closing', async () => {
    const held = { period_start: '2026-01-06', period_end: '2026-01-07', cycle: 'T+1', received: '10.00', refunded: '130.00', commission: '0.00', net: '-120.00', short: '80.00', tried_at: '2026-01-08T01:30:00+08:00' };
    const totals = { received: '10.00', refunded: '130.00', commission: '0.00', settled: '0.00', withdrawable: '40.00', awaiting_settlement: '-120.00', statements: 1 };
    await renderScreen(backend({ '/api/finance/getMarkCollect': () => ({ data: { ...totals, held } }) }));
    await until(() => Boolean(document.querySelector('[data-testid="held-statement"]')));
    const banner = document.querySelector('[data-testid="held-statement"]')!;
    expect(banner.getAttribute('aria-label')).toBe('待抵扣结算单');
    expect(banner.textContent).toContain('2026-01-06 至 2026-01-07 的结算待抵扣：退款后净额 -¥120.00');
    expect(banner.textContent).toContain('该期收款 ¥10.00，退款 ¥130.00');
    expect(banner.textContent).toContain('收入与可提现余额足以覆盖时自动结清——目前还差 ¥80.00');
    await cleanup();
    // Covered by the balance now: it closes at the next night's run; none held, no banner.
    await renderScreen(backend({ '/api/finance/getMarkCollect': () => ({ data: { ...totals, held: { ...held, period_end: held.period_start, short: '0.00' } } }) }));
    await until(() => Boolean(document.querySelector('[data-testid="held-statement"]')));
    expect(document.querySelector('[data-testid="held-statement"]')!.textContent).toContain('2026-01-06 的结算待抵扣');
    expect(document.querySelector('[data-testid="held-statement"]')!.textContent).toContain('将在下一次夜间结算中结清');
    await cleanup();
    await renderScreen(backend({ '/api/finance/getMarkCollect': () => ({ data: { ...totals, held: null } }) }));
    await until(() => Boolean(document.querySelector('[data-stat="withdrawable"]')));
    expect(document.querySelector('[data-testid="held-statement"]')).toBeNull();
  });

  it('filters by type through the URL: the list and its export follow, the counts keep every type', async () => {
    const fetchMock = backend();
    await renderScreen(fetchMock);
    await until(() => rows().length === 2);
    await click(byText(pills(), 'button', /^平台佣金/));
    expect(url.get()).toBe('type=commission');
    await until(() => rows().length === 1);
    expect(rows()[0]!.textContent).toContain('平台佣金');
    expect(calls(fetchMock, '/api/v2/getBillList').at(-1)!.searchParams.get('type')).toBe('commission');
    expect(calls(fetchMock, '/api/platform/getTransactionTypeCount').every((requested) => !requested.searchParams.has('type'))).toBe(true);
    expect(byText(pills(), 'button', /^平台佣金/)!.getAttribute('aria-pressed')).toBe('true');
  });

  it('totals the period of the date filter', async () => {
    url.set('date_from=2026-01-01&date_to=2026-01-31');
    const fetchMock = backend();
    await renderScreen(fetchMock);
    await until(() => Boolean(document.querySelector('[data-stat="received"]')));
    const asked = calls(fetchMock, '/api/finance/getMarkCollect').at(-1)!.searchParams;
    expect([asked.get('date_from'), asked.get('date_to')]).toEqual(['2026-01-01', '2026-01-31']);
    expect(document.querySelector('[data-testid="bill-totals"]')!.textContent).toContain('2026-01-01 至 2026-01-31');
  });

  it('says when nothing matches and clears the filters', async () => {
    url.set('type=withdrawal');
    await renderScreen(backend());
    await until(() => Boolean(byText(document.body, 'button', '清除筛选')));
    expect(document.body.textContent).toContain('没有符合筛选条件的收支记录');
    await click(byText(document.body, 'button', '清除筛选'));
    expect(url.get()).toBe('');
    await until(() => rows().length === 2);
  });

  it('says the lines failed to load (never the raw answer) and loads them again on retry', async () => {
    let failures = 1;
    const fetchMock = backend({
      '/api/v2/getBillList': () => {
        if (failures > 0) {
          failures -= 1;
          return { code: 500 };
        }
        return { data: { list: STORE_LINES, total: 2, page: 1, page_size: 20 } };
      },
    });
    await renderScreen(fetchMock);
    await until(() => document.body.textContent!.includes('收支明细加载失败'));
    expect(document.body.textContent).not.toContain('500');
    await click(byText(document.body, 'button', '重试'));
    await until(() => rows().length === 2);
  });

  it('shows the customers’ bills with their state filter, a failure in words, and exports them', async () => {
    url.set('view=bills');
    const fetchMock = backend();
    await renderScreen(fetchMock);
    await until(() => rows().length === 2);
    expect(document.querySelector('[data-stat="withdrawable"]')).toBeNull();
    expect(document.querySelector('nav a[aria-current="page"]')!.textContent).toBe('客户账单');
    const [failed, paid] = rows();
    expect(failed!.textContent).toContain('扣款失败');
    expect(failed!.textContent).toContain('失败原因：余额不足');
    expect(failed!.textContent).not.toContain('INSUFFICIENT_BALANCE');
    expect(failed!.querySelector('a[href="/billingDetails/41"]')).not.toBeNull();
    expect(paid!.textContent).toContain('用户支付');
    expect(paid!.textContent).toContain('第 1 期');

    await click(byText(pills(), 'button', '已逾期'));
    expect(url.get()).toBe('view=bills&state=overdue');
    await until(() => calls(fetchMock, '/api/finance/getFinanceBillList').at(-1)!.searchParams.get('state') === 'overdue');
  });
});

describe('/billList: the money in words', () => {
  const MONEY_LINES = [
    line(7, { type: 'withdrawal', type_name: '提现（已取消）', type_name_en: 'Withdrawal (cancelled)', kind: 'withdrawal_freeze', memo: 'W2026001', order_id: null, amount: '0.00', returned: '100.00', includes: [] }),
    line(6, { type: 'early', type_name: '买断款', type_name_en: 'Buyout payment', kind: 'early_settlement', memo: 'ZL006 提前结清', memo_en: 'ZL006 early settlement', amount: '4390.00', includes: [{ part: 'buyout', amount: '1.00' }] }),
    line(5, { includes: [{ part: 'shipping', amount: '10.00' }, { part: 'addons', amount: '30.00' }, { part: 'gift_wrap', amount: '5.00' }] }),
  ];

  it('shows a withdrawal given back as one line of ¥0.00 saying what was returned, a buyout as such, and what an amount includes', async () => {
    await renderScreen(backend({ '/api/v2/getBillList': () => ({ data: { list: MONEY_LINES, total: 3, page: 1, page_size: 20 } }) }));
    await until(() => rows().length === 3);
    const [withdrawal, buyout, payment] = rows();

    expect(withdrawal!.textContent).toContain('提现（已取消）');
    const net = withdrawal!.querySelector('[data-direction]')!;
    expect([net.textContent, net.getAttribute('data-direction')]).toEqual(['¥0.00', 'none']);
    expect(withdrawal!.textContent).toContain('申请 ¥100.00，已退回可提现余额');

    expect(buyout!.textContent).toContain('买断款');
    expect(buyout!.textContent).not.toContain('租金收款');
    expect(buyout!.textContent).toContain('含买断价 ¥1.00');

    expect(payment!.textContent).toContain('含运费 ¥10.00、增值服务 ¥30.00');
    expect(payment!.textContent).not.toContain('gift_wrap'); // a part the catalogue does not know: left out
    expect(rows().map((row) => row.textContent).join('')).not.toMatch(/withdrawal_freeze|early_settlement|shipping|addons/);
  });

  it('says the same in English from the en catalogue', () => {
    const t = createTranslator({ locale: 'en', messages: en, namespace: 'finance.billList' });
    expect(lineDetail({ returned: '100.00', includes: [] }, t)).toBe('¥100.00 asked, given back to the withdrawable balance');
    expect(lineDetail({ returned: null, includes: [{ part: 'shipping', amount: '10.00' }, { part: 'addons', amount: '30.00' }] }, t)).toBe('incl. shipping ¥10.00, add-ons ¥30.00');
    expect(lineDetail({ returned: null, includes: [] }, t)).toBe('');
  });
});

describe('/billList on the platform side', () => {
  beforeEach(() => {
    session.platformType = 0;
    session.auth = [{ action: 'finance.view' }, { action: 'goods.view' }];
  });

  it('lists every merchant’s lines and narrows to one merchant from the filter', async () => {
    const fetchMock = backend();
    await renderScreen(fetchMock);
    await until(() => rows().length === 2);
    expect(calls(fetchMock, '/api/v2/getBillList')).toHaveLength(0);
    expect(calls(fetchMock, '/api/finance/getMarkCollect')).toHaveLength(0);
    expect(byText(pills(), 'button', /^商户代收\s*1$/)).toBeDefined();
    expect(byText(pills(), 'button', /^佣金收入\s*1$/)).toBeDefined();
    expect(rows()[0]!.querySelector('a[href="/orderInfo/43?merchant_id=5"]')).not.toBeNull();
    expect(rows()[1]!.textContent).toContain('—'); // no order named

    await until(() => document.querySelectorAll('select option').length >= 3);
    const merchant = [...document.querySelectorAll('label')].find((label) => label.textContent?.startsWith('商户'))!.querySelector('select')!;
    await act(async () => {
      merchant.value = '6';
      merchant.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(url.get()).toBe('merchant_id=6');
    await until(() => rows().length === 1);
    expect(rows()[0]!.textContent).toContain('顶点数码');
    expect(calls(fetchMock, '/api/platform/getTransactionTypeCount').at(-1)!.searchParams.get('merchant_id')).toBe('6');
  });

  it('lets a finance role without the merchants’ list narrow to a merchant from a row', async () => {
    session.auth = [{ action: 'finance.view' }];
    const fetchMock = backend();
    await renderScreen(fetchMock);
    await until(() => rows().length === 2);
    expect(calls(fetchMock, '/api/platform/getShopSelections')).toHaveLength(0);
    await click(byText(rows()[0]!, 'button', '演示商户'));
    expect(url.get()).toBe('merchant_id=5');
    await until(() => rows().length === 1);
    const merchant = [...document.querySelectorAll('label')].find((label) => label.textContent?.startsWith('商户'))!.querySelector('select')!;
    expect(merchant.value).toBe('5');
    expect(merchant.selectedOptions[0]!.textContent).toBe('演示商户');
  });
});
