import { describe, expect, it } from 'vitest';
import type { GoodsDetail } from '../../types';
import { formFromDetail, toPayload } from '../goodsForm';
import { goodsFormSchema } from '../goodsSchema';
import { generateSkus } from '../sku';
import { trackedParts } from '../trackedStock';

const TRACKED = { id: 11, specs: { 颜色: '黑' }, code: 'K', stock: 5, tracked: true, in_stock: 8, reserved: 3 };
const COUNTED = { id: 12, specs: { 颜色: '白' }, code: 'W', stock: 2, tracked: false, in_stock: null, reserved: null };

describe('trackedParts', () => {
  it('is a tracked SKU’s available stock with its units in stock and reservations', () => {
    expect(trackedParts(TRACKED)).toEqual({ available: 5, inStock: 8, reserved: 3 });
  });

  it('is nothing for a counted SKU, whose stock is its kept count', () => {
    expect(trackedParts(COUNTED)).toBeNull();
  });
});

describe('a tracked SKU in the goods form', () => {
  const detail = {
    id: 5, title: 'T', category_id: 2, category_name: '', brand: '', fineness: 'new', pictures: ['/p.png'], description: '',
    channels: [], sub_shop_ids: [], status: 'off_shelf', status_name: '', sort: 0, force_down: false, force_down_reason: '', force_down_at: null,
    spu_list: [TRACKED, COUNTED], rent_list: [], sell_list: [], package_list: [],
    disabled: { locked: false, fields: [], reason: '' }, created_at: '', updated_at: '',
  } as unknown as GoodsDetail;

  it('keeps its figures through a regeneration and the form’s checks, and sends no more than a counted SKU', () => {
    const form = formFromDetail(detail);
    expect(form.skus.map((sku) => sku.tracked)).toEqual([{ available: 5, inStock: 8, reserved: 3 }, undefined]);
    const regenerated = generateSkus([...form.specs], form.skus);
    expect(regenerated[0]!.tracked).toEqual({ available: 5, inStock: 8, reserved: 3 });
    const checked = goodsFormSchema.safeParse({ ...form, category_id: '2' });
    expect(checked.success && checked.data.skus[0]!.tracked).toEqual({ available: 5, inStock: 8, reserved: 3 });
    // saveGood ignores a saved SKU's stock; the body is the same shape for both kinds.
    expect(toPayload(form).body.spu_list).toEqual([
      { id: 11, specs: { 颜色: '黑' }, code: 'K', stock: 5 },
      { id: 12, specs: { 颜色: '白' }, code: 'W', stock: 2 },
    ]);
  });
});
