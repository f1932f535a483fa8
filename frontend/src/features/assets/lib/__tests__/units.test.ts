import { describe, expect, it } from 'vitest';
import { hasUnitFilters, parseUnitListState, statusTabs, UNIT_STATUSES, unitFilters, unitListQuery, unitListSearch } from '../units';
import { checkDraftLines, draftTotal, lineForScan, mayReceive, parseReceiptListState, receiptListSearch } from '../stock';

const parse = (search: string) => parseUnitListState(new URLSearchParams(search));

describe('the units list state in the URL', () => {
  it('reads every filter back from the link it wrote', () => {
    const search = 'status=in_stock&sku_id=12&place=warehouse&grade=99&supplier_id=3&keyword=SN001&page=2&page_size=50';
    const state = parse(search);
    expect(state).toEqual({ status: 'in_stock', sku_id: 12, place: 'warehouse', grade: '99', supplier_id: 3, keyword: 'SN001', page: 2, page_size: 50 });
    expect(parse(unitListSearch(state))).toEqual(state);
  });

  it('leaves the defaults out of the link', () => {
    expect(unitListSearch(parse(''))).toBe('');
    expect(unitListSearch({ ...parse(''), place: '7' })).toBe('place=7');
  });

  it('forgives a hand-edited link: unknown values fall back', () => {
    expect(parse('status=broken&grade=70&place=attic&sku_id=-1&page=abc&page_size=1000')).toEqual(parse(''));
  });

  it('asks the warehouse or a sub-shop as getUnitList takes them', () => {
    expect(unitFilters(parse('place=warehouse'))).toEqual({ warehouse: true });
    expect(unitFilters(parse('place=7&status=lost'))).toEqual({ sub_shop_id: 7, status: 'lost' });
    expect(unitListQuery(parse('keyword=86'))).toEqual({ keyword: '86', page: 1, page_size: 20 });
  });

  it('says when filters besides the tab narrow the list', () => {
    expect(hasUnitFilters(parse('status=lost'))).toBe(false);
    expect(hasUnitFilters(parse('grade=new'))).toBe(true);
  });
});

describe('statusTabs', () => {
  it("gives each tab the server's count of its list, all first", () => {
    const tabs = statusTabs(UNIT_STATUSES, { all: 9, in_stock: 5, lost: 1, out_with_customer: 3 });
    expect(tabs[0]).toEqual({ value: undefined, count: 9 });
    expect(tabs.find((tab) => tab.value === 'in_stock')?.count).toBe(5);
    expect(tabs.find((tab) => tab.value === 'sold')?.count).toBe(0);
    expect(tabs).toHaveLength(UNIT_STATUSES.length + 1);
  });

  it('says where the server stopped counting', () => {
    const tabs = statusTabs(UNIT_STATUSES, { all: 10000, in_stock: 10000, lost: 3 }, ['all', 'in_stock']);
    expect(tabs[0]?.count).toBe('10000+');
    expect(tabs.find((tab) => tab.value === 'in_stock')?.count).toBe('10000+');
    expect(tabs.find((tab) => tab.value === 'lost')?.count).toBe(3);
  });

  it('shows no number before the counts arrive', () => {
    expect(statusTabs(UNIT_STATUSES, undefined).every((tab) => tab.count === undefined)).toBe(true);
  });
});

describe('receipts', () => {
  const line = (id: number, expected: number, received: number) => ({ id, sku_id: id, sku_name: `S${id}`, goods_name: 'G', expected_quantity: expected, received_quantity: received, unit_cost: '1.00', fineness: '' });

  it('scans into the chosen line while it has room, then the first line with room', () => {
    const lines = [line(1, 2, 2), line(2, 3, 1), line(3, 1, 0)];
    expect(lineForScan(lines, 3)?.id).toBe(3);
    expect(lineForScan(lines, 1)?.id).toBe(2);
    expect(lineForScan(lines, null)?.id).toBe(2);
    expect(lineForScan([line(1, 1, 1)], null)).toBeNull();
  });

  it('checks the lines typed and adds up the cost in cents', () => {
    const draft = [
      { key: 1, sku_id: 5, sku_label: '', quantity: '3', unit_cost: '1999.90', fineness: '' },
      { key: 2, sku_id: 5, sku_label: '', quantity: '0', unit_cost: 'abc', fineness: '' },
      { key: 3, sku_id: null, sku_label: '', quantity: '', unit_cost: '', fineness: '' },
    ];
    expect(checkDraftLines(draft)).toEqual([{}, { sku: 'duplicate', quantity: 'invalid', unit_cost: 'invalid' }, { sku: 'required', quantity: 'required', unit_cost: 'required' }]);
    expect(draftTotal([{ key: 1, sku_id: 1, sku_label: '', quantity: '3', unit_cost: '0.10', fineness: '' }, { key: 2, sku_id: 2, sku_label: '', quantity: '2', unit_cost: '1999.9', fineness: '95' }])).toBe('4000.10');
  });

  it('takes one SKU new and bought used at 95 as two lines, twice at 95 as a duplicate', () => {
    const at = (key: number, fineness: string) => ({ key, sku_id: 5, sku_label: '', quantity: '1', unit_cost: '3100.00', fineness });
    expect(checkDraftLines([at(1, ''), at(2, '95')])).toEqual([{}, {}]);
    expect(checkDraftLines([at(1, '95'), at(2, '95')])).toEqual([{}, { sku: 'duplicate' }]);
  });

  it('keeps the open receipt in the URL', () => {
    expect(receiptListSearch(parseReceiptListState(new URLSearchParams('receipt=4&status=partial')))).toBe('status=partial&receipt=4');
  });
});

describe('mayReceive', () => {
  it('lets the shop receive any transfer in transit, a sub-shop only those to it', () => {
    expect(mayReceive({ status: 'in_transit', to_sub_shop_id: null }, null, true)).toBe(true);
    expect(mayReceive({ status: 'in_transit', to_sub_shop_id: 3 }, { id: 3 }, true)).toBe(true);
    expect(mayReceive({ status: 'in_transit', to_sub_shop_id: null }, { id: 3 }, true)).toBe(false);
    expect(mayReceive({ status: 'received', to_sub_shop_id: null }, null, true)).toBe(false);
    expect(mayReceive({ status: 'in_transit', to_sub_shop_id: null }, null, false)).toBe(false);
  });
});
