import { describe, expect, it } from 'vitest';
import en from '@/i18n/catalogues/en';
import zh from '@/i18n/catalogues/zh-CN';
import { applyKindOf, canPayBill, canRemark, openAfterSale, orderButtons } from '../actions';
import { applyAfterSaleBody, extraTermProblem } from '../afterSale';
import { newIdempotencyKey } from '../idempotency';
import { fromCents, notAbove, parseMoneyInput, remainder, toCents } from '../money';
import { hasOrderFilters, ORDER_LIST_DEFAULTS, orderCountQuery, orderListQuery, orderListSearch, parseOrderListState, stageTabSearch } from '../orderListState';
import { billingDetailsHref, orderDetailHref, orderStatusTone, stageListPath, statusesFor } from '../stages';
import { timelineEntries, type TimelineRow } from '../timeline';

const params = (query: string) => new URLSearchParams(query);

describe('stages', () => {
  it('gives each stage its route, and the sub-shop lists their s_ route', () => {
    expect(stageListPath('regular')).toBe('/regularOrder');
    expect(stageListPath('after_sale')).toBe('/afterSaleOrder');
    expect(stageListPath('overdue', 'sub')).toBe('/s_overdueOrder');
  });

  it('offers only the statuses a stage can hold for the kind', () => {
    expect(statusesFor('regular', 'lease')).toEqual(['awaiting_audit', 'awaiting_signing', 'refused', 'cancelled']);
    expect(statusesFor('regular', 'purchase')).toEqual(['awaiting_payment', 'cancelled']);
    expect(statusesFor('dealing', 'purchase')).toEqual(['paid', 'shipped']);
    expect(statusesFor('finished', 'lease')).toEqual(['completed', 'bought_out', 'refunded', 'closed']);
  });

  it('tones statuses, unknown ones neutral', () => {
    expect(orderStatusTone('awaiting_audit')).toBe('amber');
    expect(orderStatusTone('in_lease')).toBe('green');
    expect(orderStatusTone('closed')).toBe('red');
    expect(orderStatusTone('whatever')).toBe('slate');
  });

  it('links the platform to a merchant order by both ids', () => {
    expect(orderDetailHref(7)).toBe('/orderInfo/7');
    expect(orderDetailHref(7, 3)).toBe('/orderInfo/7?merchant_id=3');
    expect(billingDetailsHref(7, null)).toBe('/billingDetails/7');
    expect(billingDetailsHref(7, 3)).toBe('/billingDetails/7?merchant_id=3');
  });
});

describe('order list state', () => {
  it('reads defaults from an empty or hand-broken URL', () => {
    expect(parseOrderListState(params(''))).toEqual(ORDER_LIST_DEFAULTS);
    expect(parseOrderListState(params('kind=rent&status=nope&field=x&date_from=2026-13-45&page=abc&sort=up'))).toEqual(ORDER_LIST_DEFAULTS);
  });

  it('round-trips through the URL, leaving defaults out', () => {
    const state = parseOrderListState(params('kind=purchase&status=paid&field=phone&keyword=139&date_from=2026-01-01&page=2'));
    expect(state).toMatchObject({ kind: 'purchase', status: 'paid', field: 'phone', keyword: '139', date_from: '2026-01-01', page: 2 });
    expect(parseOrderListState(params(orderListSearch(state)))).toEqual(state);
    expect(orderListSearch(ORDER_LIST_DEFAULTS)).toBe('');
    expect(orderListSearch({ ...ORDER_LIST_DEFAULTS, field: 'goods' })).toBe('');
  });

  it('sends the keyword as the field it searches, the stage and scope from the route', () => {
    const state = { ...ORDER_LIST_DEFAULTS, field: 'goods' as const, keyword: 'iPhone', status: 'in_lease' as const, sub_shop_id: 4, merchant_id: 9 };
    expect(orderListQuery(state, { stage: 'dealing', scope: 'main', platform: false })).toEqual({
      stage: 'dealing',
      page: 1,
      page_size: 20,
      status: 'in_lease',
      goods: 'iPhone',
      sub_shop_id: 4,
    });
    expect(orderListQuery(state, { stage: 'dealing', scope: 'sub', platform: false })).toMatchObject({ sub_shops: true });
    expect(orderListQuery(state, { stage: 'overdue', scope: 'main', platform: true })).toMatchObject({ stage: 'overdue', merchant_id: 9 });
    expect(orderListQuery(state, { stage: 'overdue', scope: 'main', platform: true })).not.toHaveProperty('sub_shop_id');
  });

  it('sends a workbench to-do instead of the status, over both kinds', () => {
    const state = parseOrderListState(params('todo=awaiting_shipment&status=shipped&kind=purchase'));
    expect(orderListQuery(state, { stage: 'dealing', scope: 'main', platform: false })).toEqual({ stage: 'dealing', page: 1, page_size: 20, todo: 'awaiting_shipment' });
    expect(parseOrderListState(params('todo=nope')).todo).toBeUndefined();
  });

  it('gives the tabs the filters of the list, and their links carry them (not the status, to-do or page)', () => {
    const state = parseOrderListState(params('todo=overdue&status=shipped&kind=purchase&field=phone&keyword=139&date_from=2026-01-01&sub_shop_id=4&page=3'));
    expect(orderCountQuery(state, { scope: 'sub', platform: false })).toEqual({ sub_shops: true, phone: '139', date_from: '2026-01-01', sub_shop_id: 4 });
    expect(stageTabSearch(state)).toBe('?kind=purchase&field=phone&keyword=139&date_from=2026-01-01&sub_shop_id=4');
    expect(stageTabSearch(ORDER_LIST_DEFAULTS)).toBe('');
  });

  it('knows when filters narrow the list', () => {
    expect(hasOrderFilters(ORDER_LIST_DEFAULTS)).toBe(false);
    expect(hasOrderFilters({ ...ORDER_LIST_DEFAULTS, kind: 'purchase' })).toBe(false);
    expect(hasOrderFilters({ ...ORDER_LIST_DEFAULTS, keyword: 'x' })).toBe(true);
  });
});

describe('order buttons', () => {
  it('shows a button only for an action the detail allows', () => {
    expect(orderButtons(['remark', 'audit', 'close', 'allocate', 'allocate_sub_shop'])).toEqual(['audit_pass', 'audit_refuse', 'allocate', 'allocate_sub_shop', 'close']);
    expect(orderButtons(['remark', 'ship', 'refund', 'deposit_thaw'])).toEqual(['ship', 'apply_refund', 'deposit_thaw']);
    expect(orderButtons(['platform_close'])).toEqual(['platform_close']);
    expect(orderButtons([])).toEqual([]);
  });

  it('leaves out actions the back office has no call for', () => {
    expect(orderButtons(['remark', 'reveal_identity', 'pay_bill'])).toEqual([]);
  });

  it('offers opening an after-sale for each kind the order allows now', () => {
    // In lease: return, exchange, buyout, renewal; awaiting shipment or paid: refund.
    expect(orderButtons(['remark', 'allocate', 'exchange', 'return', 'buyout', 'renewal', 'pay_bill'])).toEqual(['apply_return', 'apply_exchange', 'apply_buyout', 'apply_renewal', 'allocate']);
    expect(orderButtons(['ship', 'refund'])).toEqual(['ship', 'apply_refund']);
    expect(orderButtons(['buyout'])).toEqual(['apply_buyout']);
    // Once one is open the detail lists deal_after_sale instead, and nothing to open.
    expect(orderButtons(['deal_after_sale'], { afterSaleStatus: 'open' })).not.toContain('apply_return');
    expect(applyKindOf('apply_exchange')).toBe('exchange');
    expect(applyKindOf('apply_renewal')).toBe('renewal');
    expect(applyKindOf('apply_refund')).toBe('refund');
    expect(applyKindOf('ship')).toBeNull();
  });

  it('offers approve and reject only while the after-sale awaits the decision', () => {
    expect(orderButtons(['deal_after_sale'], { afterSaleStatus: 'open' })).toEqual(['after_sale_approve', 'after_sale_reject']);
    expect(orderButtons(['deal_after_sale', 'return_receive'], { afterSaleStatus: 'approved' })).toEqual(['return_receive']);
  });

  it('never offers a sub-merchant allocation', () => {
    expect(orderButtons(['ship', 'allocate', 'allocate_sub_shop'], { subMerchant: true })).toEqual(['ship']);
  });

  it('lets remarks and bill payments follow the actions', () => {
    expect(canRemark(['remark'])).toBe(true);
    expect(canRemark([])).toBe(false);
    expect(canPayBill(['pay_bill'], 'overdue')).toBe(true);
    expect(canPayBill(['pay_bill'], 'paid')).toBe(false);
    expect(canPayBill([], 'unpaid')).toBe(false);
  });

  it('finds the open after-sale business', () => {
    expect(openAfterSale([{ id: 2, status: 'done' }, { id: 1, status: 'approved' }])).toEqual({ id: 1, status: 'approved' });
    expect(openAfterSale([{ id: 2, status: 'rejected' }])).toBeNull();
  });
});

describe('after-sale application', () => {
  it('takes 1 to 36 whole extra periods for a renewal', () => {
    expect(extraTermProblem('')).toBe('required');
    expect(extraTermProblem('  ')).toBe('required');
    expect(extraTermProblem('1')).toBeNull();
    expect(extraTermProblem(' 12 ')).toBeNull();
    expect(extraTermProblem('36')).toBeNull();
    expect(extraTermProblem('0')).toBe('outOfRange');
    expect(extraTermProblem('37')).toBe('outOfRange');
    expect(extraTermProblem('1.5')).toBe('notWhole');
    expect(extraTermProblem('-3')).toBe('notWhole');
    expect(extraTermProblem('1e1')).toBe('notWhole');
  });

  it('sends the extra periods only for a renewal, the reason trimmed', () => {
    expect(applyAfterSaleBody('renewal', ' 客户要求续租 ', '6')).toEqual({ kind: 'renewal', reason: '客户要求续租', extra_term: 6 });
    expect(applyAfterSaleBody('return', '', '6')).toEqual({ kind: 'return', reason: '', extra_term: 0 });
    expect(applyAfterSaleBody('buyout', 'x', '')).toEqual({ kind: 'buyout', reason: 'x', extra_term: 0 });
  });
});

describe('money input', () => {
  it('normalizes a typed amount to two places, refusing empty, zero and malformed', () => {
    expect(parseMoneyInput('12.5')).toBe('12.50');
    expect(parseMoneyInput(' 007 ')).toBe('7.00');
    expect(parseMoneyInput('0.01')).toBe('0.01');
    expect(parseMoneyInput('0')).toBeNull();
    expect(parseMoneyInput('')).toBeNull();
    expect(parseMoneyInput('1.234')).toBeNull();
    expect(parseMoneyInput('-3')).toBeNull();
    expect(parseMoneyInput('1e3')).toBeNull();
  });

  it('compares as integer cents, exactly', () => {
    expect(toCents('0.10')).toBe(10n);
    expect(toCents('12345678901.99')).toBe(1234567890199n);
    expect(notAbove('0.30', '0.3')).toBe(true);
    expect(notAbove('200.01', '200.00')).toBe(false);
    expect(notAbove('99999999.99', '100000000.00')).toBe(true);
  });

  it('subtracts exactly, never below zero', () => {
    expect(fromCents(5n)).toBe('0.05');
    expect(remainder('12.00', '0.10')).toBe('11.90');
    expect(remainder('0.30', '0.10')).toBe('0.20');
    expect(remainder('5.00', '7.00')).toBe('0.00');
  });
});

describe('idempotency keys', () => {
  it('name their purpose and fit the backend column', () => {
    expect(newIdempotencyKey('thaw', () => 'abc')).toBe('thaw-abc');
    expect(newIdempotencyKey('x'.repeat(80)).length).toBe(64);
  });
});

describe('timeline', () => {
  const row = (patch: Partial<TimelineRow>): TimelineRow => ({ id: 1, kind: 'change', action: '', from_status: '', to_status: '', reason: '', actor: '演示店主', created_at: '2026-11-23T12:00:00Z', ...patch });

  it('reads a status move as the order status changing', () => {
    const [entry] = timelineEntries([row({ kind: 'status', action: 'audit_pass', from_status: 'awaiting_audit', to_status: 'awaiting_signing' })]);
    expect(entry).toMatchObject({ id: 's1', action: 'order.audit_pass', before: { order_status: 'awaiting_audit' }, after: { order_status: 'awaiting_signing' } });
  });

  it('reads the reasons the system writes by their catalogue codes, and a person’s as written', () => {
    const [received, typed] = timelineEntries([
      row({ kind: 'status', action: 'return_receive', reason: '已收到归还商品', actor: 'system' }),
      row({ id: 2, kind: 'status', action: 'close', reason: '客户失联，协商关闭' }),
    ]);
    expect(received?.reason).toBe('return_received');
    expect(typed?.reason).toBe('客户失联，协商关闭');
  });

  it('keeps the facts of a change a person reads, formats money, drops hashes', () => {
    const [bill, contract] = timelineEntries([
      row({ id: 2, action: 'bill.paid', after: { amount: '1237.00', method: 'withhold', period: 2 } }),
      row({ id: 3, action: 'order.contract', actor: 'system', after: { sha256: 'ab12', contract_no: 'HT1', version: 1 } }),
    ]);
    expect(bill).toMatchObject({ id: 'c2', action: 'bill.paid', after: { period: 2, amount: '¥1,237.00', method: 'withhold' } });
    expect(contract).toMatchObject({ actor: '', after: { contract_no: 'HT1', version: 1 } });
    expect(contract?.after).not.toHaveProperty('sha256');
  });

  it('names an after-sale change by its business, not as the order status', () => {
    const [entry] = timelineEntries([row({ action: 'order.after_sale_approve', after: { kind: 'return', status: 'approved', after_sale_id: 4 } })]);
    expect(entry?.after).toEqual({ business_kind: 'return', after_sale_status: 'approved' });
  });

  it('says who started an after-sale: the shop for the customer, or the customer', () => {
    const [byShop, byCustomer, older] = timelineEntries([
      row({ id: 5, action: 'order.after_sale_open', after: { kind: 'return', started_by: 'shop', after_sale_id: 4 } }),
      row({ id: 6, action: 'order.after_sale_open', actor: 'system', after: { kind: 'renewal', started_by: 'customer', after_sale_id: 3 } }),
      row({ id: 7, action: 'order.after_sale_open', after: { kind: 'buyout', after_sale_id: 2 } }),
    ]);
    expect(byShop).toMatchObject({ action: 'order.after_sale_open_shop', actor: '演示店主', after: { business_kind: 'return' } });
    expect(byCustomer).toMatchObject({ action: 'order.after_sale_open_customer', after: { business_kind: 'renewal' } });
    expect(older?.action).toBe('order.after_sale_open');
    for (const catalogue of [zh, en]) {
      for (const entry of [byShop, byCustomer, older]) expect(catalogue.kit.history.actions).toHaveProperty(entry!.action.split('.'));
    }
    expect(zh.kit.history.actions.order.after_sale_open_shop).toBe('商家代客户发起售后');
  });
});
