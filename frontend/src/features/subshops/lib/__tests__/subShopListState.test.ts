import { describe, expect, it } from 'vitest';
import { parseSubShopListState, SUB_SHOP_LIST_DEFAULTS, subShopListParams, subShopListSearch, toggledStatus } from '../subShopListState';

describe('sub-shop list state', () => {
  it('reads keyword and status, ignoring unknown statuses', () => {
    expect(parseSubShopListState(new URLSearchParams('keyword=东区&status=disabled'))).toEqual({ ...SUB_SHOP_LIST_DEFAULTS, keyword: '东区', status: 'disabled' });
    expect(parseSubShopListState(new URLSearchParams('status=frozen')).status).toBeUndefined();
  });

  it('round-trips through the URL and sends only set filters', () => {
    const state = { ...SUB_SHOP_LIST_DEFAULTS, status: 'active' as const, page: 2 };
    expect(parseSubShopListState(new URLSearchParams(subShopListSearch(state)))).toEqual(state);
    expect(subShopListParams(SUB_SHOP_LIST_DEFAULTS)).toEqual({ page: 1, page_size: 20 });
  });

  it('asks a reason to disable, not to enable', () => {
    expect(toggledStatus('active')).toEqual({ to: 'disabled', needsReason: true });
    expect(toggledStatus('disabled')).toEqual({ to: 'active', needsReason: false });
  });
});
