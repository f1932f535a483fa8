import { describe, expect, it } from 'vitest';
import { pageCount, readPage, readPageSize, toSearch, withPatch } from '@/components/filters/listState';
import { merchantListParams, merchantListSearch, parseMerchantListState, MERCHANT_LIST_DEFAULTS } from '../merchantListState';

const parse = (query: string) => parseMerchantListState(new URLSearchParams(query));

describe('merchant list state in the URL', () => {
  it('reads an empty query as the defaults', () => {
    expect(parse('')).toEqual(MERCHANT_LIST_DEFAULTS);
  });

  it('reads filters, sort and page', () => {
    expect(parse('keyword=%20acme%20&status=frozen&sort_by=name&sort_order=asc&page=3&page_size=50')).toEqual({
      keyword: 'acme',
      status: 'frozen',
      sort_by: 'name',
      sort_order: 'asc',
      page: 3,
      page_size: 50,
    });
  });

  it('falls back to defaults for values it does not know', () => {
    expect(parse('status=deleted&sort_by=id&sort_order=up&page=-2&page_size=10000')).toEqual(MERCHANT_LIST_DEFAULTS);
    expect(parse('page=abc').page).toBe(1);
    expect(parse('page=0').page).toBe(1);
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(merchantListSearch(MERCHANT_LIST_DEFAULTS)).toBe('');
    const state = { ...MERCHANT_LIST_DEFAULTS, keyword: '演示', status: 'active' as const, page: 2 };
    const search = merchantListSearch(state);
    expect(search).toBe('keyword=%E6%BC%94%E7%A4%BA&status=active&page=2');
    expect(parse(search)).toEqual(state);
  });

  it('sends no empty keyword or status to the server', () => {
    expect(merchantListParams(MERCHANT_LIST_DEFAULTS)).toEqual({ page: 1, page_size: 20, sort_by: 'created_at', sort_order: 'desc' });
  });
});

describe('list state helpers', () => {
  it('go back to page 1 when a filter changes, but not when only the page does', () => {
    const state = { ...MERCHANT_LIST_DEFAULTS, page: 4 };
    expect(withPatch(state, { status: 'frozen' }).page).toBe(1);
    expect(withPatch(state, { page: 5 }).page).toBe(5);
    expect(withPatch(state, { page_size: 50 }).page).toBe(1);
  });

  it('count pages, at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
  });

  it('accept only the offered page sizes', () => {
    expect(readPageSize(new URLSearchParams('page_size=100'))).toBe(100);
    expect(readPageSize(new URLSearchParams('page_size=7'))).toBe(20);
    expect(readPage(new URLSearchParams('page=12'))).toBe(12);
  });

  it('leave out undefined and empty values', () => {
    expect(toSearch({ a: undefined, b: '', c: 0 }, {})).toBe('c=0');
  });
});
