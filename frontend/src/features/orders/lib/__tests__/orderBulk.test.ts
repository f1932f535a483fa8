import { describe, expect, it } from 'vitest';
import { TRANSPORT_FAILURE_CODE } from '@/lib/request';
import { bulkActionsFor, bulkFailureOutcome, orderIds, orderRowId } from '../orderBulk';
import { orderExportFilters, orderExportKind } from '../orderExport';
import { ORDER_LIST_DEFAULTS, parseOrderListState, type OrderListState } from '../orderListState';

const state = (patch: Partial<OrderListState>): OrderListState => ({ ...ORDER_LIST_DEFAULTS, ...patch });

describe('order list → export', () => {
  it('exports the list kind as its exporter', () => {
    expect(orderExportKind('lease')).toBe('lease_orders');
    expect(orderExportKind('purchase')).toBe('purchase_orders');
  });

  it('sends the stage alone for an unfiltered list: no page, page size or merchant', () => {
    expect(orderExportFilters(ORDER_LIST_DEFAULTS, { stage: 'regular', scope: 'main' })).toEqual({ stage: 'regular' });
    const paged = state({ page: 4, page_size: 50, merchant_id: 9 });
    expect(orderExportFilters(paged, { stage: 'dealing', scope: 'main' })).toEqual({ stage: 'dealing' });
  });

  it('maps every filter of the list to its export field', () => {
    const filtered = state({ status: 'awaiting_audit', field: 'phone', keyword: '139', date_from: '2026-01-01', date_to: '2026-01-31', sub_shop_id: 3, sort: 'oldest' });
    expect(orderExportFilters(filtered, { stage: 'regular', scope: 'main' })).toEqual({
      stage: 'regular',
      status: 'awaiting_audit',
      phone: '139',
      date_from: '2026-01-01',
      date_to: '2026-01-31',
      sub_shop_id: 3,
      sort: 'oldest',
    });
  });

  it('sends the keyword under the field searched, and sub_shops for the sub-shop lists', () => {
    expect(orderExportFilters(state({ field: 'goods', keyword: 'iPhone' }), { stage: 'overdue', scope: 'sub' })).toEqual({ stage: 'overdue', goods: 'iPhone', sub_shops: true });
    expect(orderExportFilters(state({ field: 'order_no', keyword: 'ZL2026' }), { stage: 'finished', scope: 'main' })).toEqual({ stage: 'finished', order_no: 'ZL2026' });
  });

  it('reads the same filters back from a URL the list wrote', () => {
    const fromUrl = parseOrderListState(new URLSearchParams('kind=purchase&status=paid&keyword=x&field=goods&page=2&merchant_id=4'));
    expect(orderExportKind(fromUrl.kind)).toBe('purchase_orders');
    expect(orderExportFilters(fromUrl, { stage: 'dealing', scope: 'main' })).toEqual({ stage: 'dealing', status: 'paid', goods: 'x' });
  });
});

describe('bulk actions', () => {
  it('are the store’s, with order.manage; a sub-shop account does not move orders between sub-shops', () => {
    expect(bulkActionsFor({ platform: true, canManage: true, ownSubShop: false })).toEqual([]);
    expect(bulkActionsFor({ platform: false, canManage: false, ownSubShop: false })).toEqual([]);
    expect(bulkActionsFor({ platform: false, canManage: true, ownSubShop: false })).toEqual(['allocate', 'allocate_sub_shop', 'close']);
    expect(bulkActionsFor({ platform: false, canManage: true, ownSubShop: true })).toEqual(['allocate', 'close']);
  });

  it('send each selected order once, named as the table names its rows', () => {
    expect(orderIds([{ id: 3 }, { id: 5 }, { id: 3 }])).toEqual([3, 5]);
    expect(orderRowId({ id: 7, merchant_id: null })).toBe('0-7');
    expect(orderRowId({ id: 7, merchant_id: 2 })).toBe('2-7');
  });

  it('read any answered refusal as nothing changed, and no answer as unknown', () => {
    expect(bulkFailureOutcome(409)).toBe('nothingChanged');
    expect(bulkFailureOutcome(404)).toBe('nothingChanged');
    expect(bulkFailureOutcome(400)).toBe('nothingChanged');
    expect(bulkFailureOutcome(TRANSPORT_FAILURE_CODE)).toBe('unknown');
  });
});
