import { describe, expect, it } from 'vitest';
import { platformGoodsKeys } from '../../../queries';
import type { PlatformGoodsRow } from '../../../types';
import { canForceDown, canReview } from '../columns';

const row = (status: PlatformGoodsRow['status'], forceDown = false) => ({ status, force_down: forceDown }) as PlatformGoodsRow;

describe('platform review actions', () => {
  it('offers review only for goods waiting in review', () => {
    expect(canReview(row('in_review'))).toBe(true);
    for (const status of ['draft', 'on_shelf', 'off_shelf'] as const) expect(canReview(row(status))).toBe(false);
    expect(canReview(row('in_review', true))).toBe(false);
  });

  it('still lets the platform force goods in review down', () => {
    expect(canForceDown(row('in_review'))).toBe(true);
  });

  it('keeps each merchant review setting under the platform goods keys', () => {
    expect(platformGoodsKeys.reviewSetting(7)).toEqual(['platformGoods', 'reviewSetting', 7]);
    expect(platformGoodsKeys.reviewSetting(7).slice(0, 2)).toEqual([...platformGoodsKeys.reviewSettings()]);
  });
});
