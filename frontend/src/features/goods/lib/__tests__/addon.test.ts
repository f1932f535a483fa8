import { describe, expect, it } from 'vitest';
import { addonTypeLabel, gainState, gainTypeName } from '../addon';
import { parsePlatformGainListState, platformGainListParams, platformGainListSearch, PLATFORM_GAIN_LIST_DEFAULTS } from '../listState';

const TYPES = [
  { id: 1, code: 'warranty', name: '延长保修', name_en: 'Extended warranty', is_active: true, sort: 10 },
  { id: 2, code: 'delivery', name: '送取服务', name_en: '', is_active: false, sort: 20 },
];

describe('add-on state', () => {
  it('reads the platform disabling before the merchant switch', () => {
    expect(gainState({ status: 1, platform_disabled: false })).toBe('enabled');
    expect(gainState({ status: 0, platform_disabled: false })).toBe('disabled');
    expect(gainState({ status: 0, platform_disabled: true })).toBe('platformDisabled');
  });

  it('names types in the screen language, falling back to the Chinese name and the code', () => {
    expect(addonTypeLabel(TYPES[0]!, 'en')).toBe('Extended warranty');
    expect(addonTypeLabel(TYPES[1]!, 'en')).toBe('送取服务');
    expect(gainTypeName({ gain_type: 'warranty', gain_type_name: '延长保修' }, TYPES, 'en')).toBe('Extended warranty');
    expect(gainTypeName({ gain_type: 'gone', gain_type_name: '' }, TYPES, 'zh-CN')).toBe('gone');
  });
});

describe('the platform add-on list in the URL', () => {
  it('reads status and merchant and sends status as 1/0', () => {
    const state = parsePlatformGainListState(new URLSearchParams('status=disabled&merchant_id=4&gain_type=warranty'));
    expect(state).toEqual({ ...PLATFORM_GAIN_LIST_DEFAULTS, status: 'disabled', merchant_id: 4, gain_type: 'warranty' });
    expect(platformGainListParams(state)).toEqual({ page: 1, page_size: 20, gain_type: 'warranty', status: 0, merchant_id: 4 });
    expect(platformGainListSearch(state)).toBe('gain_type=warranty&status=disabled&merchant_id=4');
  });

  it('drops unknown values', () => {
    expect(parsePlatformGainListState(new URLSearchParams('status=1&merchant_id=x'))).toEqual(PLATFORM_GAIN_LIST_DEFAULTS);
    expect(platformGainListParams(PLATFORM_GAIN_LIST_DEFAULTS)).toEqual({ page: 1, page_size: 20 });
  });
});
