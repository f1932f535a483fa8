import { describe, expect, it } from 'vitest';
import { assetReportPageQuery, assetReportQuery, assetReportSearch, barWidth, groupFilter, hasReportFilters, parseAssetReportState } from '../report';

const parse = (search: string) => parseAssetReportState(new URLSearchParams(search));

describe('asset report URL state', () => {
  it('reads the grouping, filters and idle days, and writes back only what differs from the defaults', () => {
    const state = parse('group_by=category&category_id=12&place=warehouse&idle_days=60');
    expect(state).toMatchObject({ group_by: 'category', category_id: 12, place: 'warehouse', idle_days: 60 });
    expect(assetReportSearch(state)).toBe('group_by=category&category_id=12&place=warehouse&idle_days=60');
    expect(assetReportSearch(parse(''))).toBe('');
    expect(hasReportFilters(state)).toBe(true);
    expect(hasReportFilters(parse('group_by=sub_shop'))).toBe(false);
  });

  it('drops what the server would refuse: an unknown grouping, a bad place, idle days out of range', () => {
    expect(parse('group_by=shelf&place=x1&idle_days=0&sku_id=-3')).toMatchObject({ group_by: 'sku', place: '', idle_days: 30, sku_id: undefined });
    expect(parse('idle_days=4000').idle_days).toBe(30);
  });

  it('asks the call with the place as the warehouse flag or a sub-shop id', () => {
    expect(assetReportQuery(parse('place=warehouse'))).toEqual({ group_by: 'sku', idle_days: 30, warehouse: true });
    expect(assetReportQuery(parse('place=7&sku_id=3'))).toEqual({ group_by: 'sku', idle_days: 30, sub_shop_id: 7, sku_id: 3 });
  });

  it('keeps the page of groups in the URL and asks the call for it, never the export', () => {
    const second = parse('group_by=category&page=2');
    expect(assetReportSearch(second)).toBe('group_by=category&page=2');
    expect(assetReportPageQuery(second)).toEqual({ group_by: 'category', idle_days: 30, page: 2 });
    expect(assetReportQuery(second)).toEqual({ group_by: 'category', idle_days: 30 });
    expect(assetReportPageQuery(parse(''))).toEqual({ group_by: 'sku', idle_days: 30 });
  });

  it('filters by the group clicked: its SKU, category or place (none: the warehouse)', () => {
    expect(groupFilter('sku', '11')).toEqual({ sku_id: 11 });
    expect(groupFilter('category', null)).toEqual({});
    expect(groupFilter('sub_shop', null)).toEqual({ place: 'warehouse' });
    expect(groupFilter('sub_shop', '4')).toEqual({ place: '4' });
  });

  it('draws a bar no wider than its track', () => {
    expect(barWidth('142.5')).toBe(100);
    expect(barWidth('37.5')).toBe(37.5);
    expect(barWidth(null)).toBe(0);
  });
});
