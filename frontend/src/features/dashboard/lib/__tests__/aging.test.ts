import { describe, expect, it } from 'vitest';
import { agingOption, agingQuery, agingSearch, hasAgingFilters, parseAgingState } from '../aging';

describe('the aging URL state', () => {
  it('reads the merchant, keyword, sort and page, forgiving anything unknown', () => {
    const state = parseAgingState(new URLSearchParams('merchant_id=7&keyword=%20acme%20&sort=cases_desc&page=2'));
    expect(state).toEqual({ merchant_id: 7, keyword: 'acme', sort: 'cases_desc', page: 2, page_size: 20 });
    expect(parseAgingState(new URLSearchParams('merchant_id=x&sort=bogus&page=-1'))).toEqual({ merchant_id: undefined, keyword: '', sort: 'total_desc', page: 1, page_size: 20 });
  });

  it('writes only what differs from the defaults, and asks for the same', () => {
    const state = parseAgingState(new URLSearchParams('merchant_id=7'));
    expect(agingSearch(state)).toBe('merchant_id=7');
    expect(agingSearch(parseAgingState(new URLSearchParams('')))).toBe('');
    expect(agingQuery(state)).toEqual({ merchant_id: 7, page: 1, page_size: 20 });
    expect(agingQuery({ ...state, merchant_id: undefined, sort: 'total_asc', keyword: 'demo' })).toEqual({ keyword: 'demo', sort: 'total_asc', page: 1, page_size: 20 });
    expect(hasAgingFilters(state)).toBe(true);
    expect(hasAgingFilters({ ...state, merchant_id: undefined })).toBe(false);
  });
});

describe('the bucket chart', () => {
  it('plots rent, late fees and other charges per bucket', () => {
    const option = agingOption(
      [
        { bucket: 'M1', rent_owed: '100.00', late_fee_owed: '5.50', charges_owed: '0.00' },
        { bucket: 'M3+', rent_owed: '900.00', late_fee_owed: '80.00', charges_owed: '300.00' },
      ],
      { rent: 'Rent', lateFees: 'Late fees', charges: 'Other' },
    );
    expect(option.xAxis.data).toEqual(['M1', 'M3+']);
    expect(option.series.map((series) => [series.name, series.data])).toEqual([
      ['Rent', [100, 900]],
      ['Late fees', [5.5, 80]],
      ['Other', [0, 300]],
    ]);
  });
});
