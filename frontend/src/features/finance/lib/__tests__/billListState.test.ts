import { describe, expect, it } from 'vitest';
import { BILL_LIST_DEFAULTS, billListExport, billListSearch, billLinesQuery, financeBillsQuery, financeRecordQuery, markCollectQuery, parsePlatformBillListState, parseStoreBillListState, typeCountQuery } from '../billListState';

const store = (query: string) => parseStoreBillListState(new URLSearchParams(query));
const platform = (query: string) => parsePlatformBillListState(new URLSearchParams(query));

describe('/billList state in the URL', () => {
  it('reads the store’s lines filters and drops what is not its own', () => {
    expect(store('type=commission&date_from=2026-01-01&date_to=2026-01-31&order_no=%20ZL1%20&page=2')).toMatchObject({ view: 'lines', type: 'commission', date_from: '2026-01-01', date_to: '2026-01-31', order_no: 'ZL1', page: 2 });
    // A platform type, a bill state on the lines, a merchant, a date that is no day: defaults.
    expect(store('type=receipt&state=paid&merchant_id=3&date_from=2026-02-30x&page=0')).toEqual(BILL_LIST_DEFAULTS);
  });

  it('reads the customers’ bills view with its state, not a line type', () => {
    expect(store('view=bills&state=overdue&type=payment')).toMatchObject({ view: 'bills', state: 'overdue', type: undefined });
    expect(store('view=elsewhere&state=overdue')).toMatchObject({ view: 'lines', state: undefined });
  });

  it('reads the platform’s type and merchant, never a store type or view', () => {
    expect(platform('type=receipt&merchant_id=7&view=bills&order_no=ZL1')).toEqual({ ...BILL_LIST_DEFAULTS, type: 'receipt', merchant_id: 7 });
    expect(platform('type=payment&merchant_id=abc')).toEqual(BILL_LIST_DEFAULTS);
  });

  it('writes only what differs from the defaults', () => {
    expect(billListSearch(BILL_LIST_DEFAULTS)).toBe('');
    expect(billListSearch({ ...BILL_LIST_DEFAULTS, type: 'refund', date_from: '2026-03-01', page: 3 })).toBe('type=refund&date_from=2026-03-01&page=3');
    expect(billListSearch({ ...BILL_LIST_DEFAULTS, view: 'bills', state: 'failed' })).toBe('view=bills&state=failed');
  });
});

describe('/billList calls', () => {
  const lines = store('type=payment&date_from=2026-01-01&order_no=ZL9&page=2&page_size=50');

  it('asks each list with its own filters and sends no empty one', () => {
    expect(billLinesQuery(BILL_LIST_DEFAULTS)).toEqual({ page: 1, page_size: 20 });
    expect(billLinesQuery(lines)).toEqual({ type: 'payment', date_from: '2026-01-01', order_no: 'ZL9', page: 2, page_size: 50 });
    expect(financeRecordQuery(platform('type=commission&merchant_id=4&date_to=2026-02-01'))).toEqual({ type: 'commission', merchant_id: 4, date_to: '2026-02-01', page: 1, page_size: 20 });
    // The customers' bills: the dates are due dates.
    expect(financeBillsQuery(store('view=bills&state=paid&date_from=2026-01-01&date_to=2026-01-31'))).toEqual({ state: 'paid', due_from: '2026-01-01', due_to: '2026-01-31', page: 1, page_size: 20 });
  });

  it('counts each type with the other filters, and totals the period of the dates', () => {
    expect(typeCountQuery(lines, false)).toEqual({ date_from: '2026-01-01', order_no: 'ZL9' });
    expect(typeCountQuery(platform('type=receipt&merchant_id=4'), true)).toEqual({ merchant_id: 4 });
    expect(markCollectQuery(lines)).toEqual({ date_from: '2026-01-01' });
  });

  it('exports the list on screen with its filters, without paging', () => {
    expect(billListExport(lines, false)).toEqual({ kind: 'bill_lines', filters: { type: 'payment', date_from: '2026-01-01', order_no: 'ZL9' } });
    expect(billListExport(store('view=bills&state=overdue&page=4'), false)).toEqual({ kind: 'finance_bills', filters: { state: 'overdue' } });
    expect(billListExport(platform('merchant_id=2&type=withdrawal&page=2'), true)).toEqual({ kind: 'finance_records', filters: { merchant_id: 2, type: 'withdrawal' } });
    expect(billListExport(BILL_LIST_DEFAULTS, true)).toEqual({ kind: 'finance_records', filters: {} });
  });
});
