import { describe, expect, it } from 'vitest';
import { attribution, parseShareLinkListState, SHARE_LINK_LIST_DEFAULTS, shareLinkBody, shareLinkListQuery, shareLinkListSearch } from '../shareLinkState';

describe('share link list state', () => {
  it('reads the filters from the URL, unknown statuses falling back to the links in use', () => {
    expect(parseShareLinkListState(new URLSearchParams('keyword=朋友圈&channel=h5&status=deleted'))).toEqual({
      ...SHARE_LINK_LIST_DEFAULTS,
      keyword: '朋友圈',
      channel: 'h5',
      status: 'deleted',
    });
    expect(parseShareLinkListState(new URLSearchParams('status=gone')).status).toBe('active');
  });

  it('round-trips through the URL and sends only the filters set', () => {
    const state = { ...SHARE_LINK_LIST_DEFAULTS, status: 'deleted' as const, page: 3 };
    expect(parseShareLinkListState(new URLSearchParams(shareLinkListSearch(state)))).toEqual(state);
    expect(shareLinkListSearch(SHARE_LINK_LIST_DEFAULTS)).toBe('');
    expect(shareLinkListQuery(SHARE_LINK_LIST_DEFAULTS)).toEqual({ page: 1, page_size: 20, status: 'active' });
  });
});

describe('share link form', () => {
  const values = { name: ' 地推 ', channel: 'h5', landing_type: 'goods' as const, landing_id: '12', salesman_id: '', sub_shop_id: '7', remark: '' };

  it('sends ids as numbers and empty choices as none', () => {
    expect(shareLinkBody(values)).toEqual({ name: '地推', channel: 'h5', landing_type: 'goods', landing_id: 12, salesman_id: null, sub_shop_id: 7, remark: '' });
  });

  it('sends no landing id for the shop home, and none for text that is no id', () => {
    expect(shareLinkBody({ ...values, landing_type: 'shop' }).landing_id).toBeNull();
    expect(shareLinkBody({ ...values, landing_id: 'abc' }).landing_id).toBeNull();
  });
});

describe('attribution', () => {
  it('names the sub-shop and the salesman, or the whole shop', () => {
    expect(attribution({ sub_shop_name: '城东店', salesman_name: '吴业务' }, '全店')).toBe('城东店 · 吴业务');
    expect(attribution({ sub_shop_name: '', salesman_name: '吴业务' }, '全店')).toBe('吴业务');
    expect(attribution({ sub_shop_name: '', salesman_name: '' }, '全店')).toBe('全店');
  });
});
