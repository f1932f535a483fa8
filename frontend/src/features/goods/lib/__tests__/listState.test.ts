import { describe, expect, it } from 'vitest';
import { gainListParams, goodsExportFilters, goodsListParams, goodsListSearch, GOODS_LIST_DEFAULTS, parseGainListState, parseGoodsListState } from '../listState';

describe('goods list state in the URL', () => {
  it('reads filters and falls back for unknown values', () => {
    expect(parseGoodsListState(new URLSearchParams('status=on_shelf&category_id=7&keyword=%20ipad%20&page=2'))).toMatchObject({ status: 'on_shelf', category_id: 7, keyword: 'ipad', page: 2 });
    expect(parseGoodsListState(new URLSearchParams('status=sold&category_id=x&page=-1'))).toEqual(GOODS_LIST_DEFAULTS);
  });

  it('writes only what differs from the defaults and sends no empty filter', () => {
    const state = { ...GOODS_LIST_DEFAULTS, status: 'draft' as const, merchant_id: 3 };
    expect(goodsListSearch(state)).toBe('status=draft&merchant_id=3');
    expect(goodsListParams(state)).toEqual({ page: 1, page_size: 20, status: 'draft', merchant_id: 3 });
    expect(gainListParams(parseGainListState(new URLSearchParams('gain_type=warranty')))).toEqual({ page: 1, page_size: 20, gain_type: 'warranty' });
  });
});

describe('goods list → export', () => {
  it('sends the list’s filters without paging or merchant (kind goods)', () => {
    expect(goodsExportFilters(GOODS_LIST_DEFAULTS)).toEqual({});
    const state = parseGoodsListState(new URLSearchParams('status=on_shelf&category_id=4&keyword=iPhone&page=3&page_size=50&merchant_id=2'));
    expect(goodsExportFilters(state)).toEqual({ status: 'on_shelf', category_id: 4, keyword: 'iPhone' });
  });
});
