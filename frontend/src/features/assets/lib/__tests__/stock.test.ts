import { describe, expect, it } from 'vitest';
import { lineFieldErrors, transferScanRefusal, unitsInTransit } from '../stock';

const unit = (patch: Record<string, unknown> = {}) => ({ id: 1, status: 'in_stock', status_label: '在库', sub_shop_id: null as number | null, place_name: '总仓', order_no: null as string | null, ...patch });

describe('transferScanRefusal', () => {
  it('lets a unit in stock at the place it leaves from go', () => {
    expect(transferScanRefusal('SN1', unit(), null, [])).toBeNull();
    expect(transferScanRefusal('SN1', unit({ sub_shop_id: 7, place_name: '朝阳门店' }), 7, [])).toBeNull();
  });

  it('tells an unknown code from a mistyped IMEI', () => {
    expect(transferScanRefusal('NOPE', null, null, [])).toEqual({ key: 'notFound' });
    expect(transferScanRefusal('353915110101048', null, null, [])).toEqual({ key: 'imeiTypo' });
  });

  it('gives each refusal its own reason, naming the order of a device with a customer', () => {
    expect(transferScanRefusal('SN1', unit(), null, [1])).toEqual({ key: 'already' });
    expect(transferScanRefusal('SN1', unit({ status: 'in_transit' }), null, [])).toEqual({ key: 'inTransit' });
    expect(transferScanRefusal('SN1', unit({ status: 'out_with_customer', order_no: 'ZL20261127001' }), null, [])).toEqual({ key: 'withCustomer', values: { order: 'ZL20261127001' } });
    expect(transferScanRefusal('SN1', unit({ status: 'out_with_customer' }), null, [])).toEqual({ key: 'withCustomerNoOrder' });
    expect(transferScanRefusal('SN1', unit({ status: 'returning', order_no: 'ZL9' }), null, [])).toEqual({ key: 'returning', values: { order: 'ZL9' } });
    expect(transferScanRefusal('SN1', unit({ status: 'lost', status_label: '已丢失' }), null, [])).toEqual({ key: 'notInStock', values: { status: '已丢失' } });
    expect(transferScanRefusal('SN1', unit({ sub_shop_id: 8, place_name: '城西店' }), null, [])).toEqual({ key: 'elsewhere', values: { place: '城西店' } });
  });
});

describe('lineFieldErrors', () => {
  it("puts the server's words on a line's field by the line's key", () => {
    const fields = { 'lines.1.sku_id': ['该规格按数量管理库存，不按台入库'], 'lines.0.unit_cost': ['应不小于 0'], supplier_id: ['供应商不存在'] };
    expect(lineFieldErrors(fields, 'sku_id', [4, 9])).toEqual({ 9: '该规格按数量管理库存，不按台入库' });
    expect(lineFieldErrors(fields, 'unit_cost', [4, 9])).toEqual({ 4: '应不小于 0' });
    expect(lineFieldErrors({ 'lines.5.sku_id': ['x'] }, 'sku_id', [4])).toEqual({});
  });
});

describe('unitsInTransit', () => {
  it('keeps the units still in transit', () => {
    expect(unitsInTransit([{ status: 'in_transit' }, { status: 'in_stock' }])).toEqual([{ status: 'in_transit' }]);
  });
});
