import { describe, expect, it } from 'vitest';
import type { GoodsDetail } from '../../types';
import { emptyGoodsForm, formFromDetail, formPathOf, mapServerFields, toPayload, type GoodsFormValues } from '../goodsForm';
import { goodsFormSchema } from '../goodsSchema';
import { generateSkus } from '../sku';

function filledForm(): GoodsFormValues {
  const form = emptyGoodsForm();
  form.title = 'Switch';
  form.category_id = '10';
  form.pictures = ['/api/media/a.png'];
  form.channels = ['h5', 'alipay_mini', 'h5'];
  form.sub_shop_ids = [7, 9];
  form.specs = [{ name: '颜色', values: '红,蓝' }];
  form.skus = generateSkus(form.specs, []).map((sku, index) => ({ ...sku, code: `SW-${index}`, stock: '3' }));
  form.skus[1] = { ...form.skus[1]!, sell_price: '1999', original_price: '' };
  form.rentPlans = [
    { uid: 'a', skuKey: form.skus[1]!.key, term: '3:month', rent: '99.00', deposit: '500', buyout_price: '1500', ownership_transfer: true, min_term: '6', early_fee_mode: 'rate', early_fee_value: '12.5', credit_deposit_max: '300', fineness: '' },
    { uid: 'b', skuKey: form.skus[0]!.key, term: '7:day', rent: '20', deposit: '', buyout_price: '', ownership_transfer: false, min_term: '', early_fee_mode: '', early_fee_value: '', credit_deposit_max: '', fineness: '95' },
  ];
  form.packages = [{ name: '尊享', rentUid: 'b', gain_ids: ['4', '9'] }];
  return form;
}

describe('goods form → saveGood body', () => {
  it('turns keys and uids into the indexes the API expects', () => {
    const { body, index } = toPayload(filledForm());
    expect(body.spu_list).toEqual([
      { specs: { 颜色: '红' }, code: 'SW-0', stock: 3 },
      { specs: { 颜色: '蓝' }, code: 'SW-1', stock: 3 },
    ]);
    expect(body.rent_list?.map((plan) => [plan.sku_index, plan.term, plan.term_unit, plan.deposit])).toEqual([
      [1, 3, 'month', '500'],
      [0, 7, 'day', '0'],
    ]);
    // The early-return terms: a plan's own (a percent sent as a share), or the shop's default.
    expect(body.rent_list?.map((plan) => [plan.min_term, plan.early_fee_mode, plan.early_fee_value])).toEqual([
      [6, 'rate', '0.1250'],
      [null, '', null],
    ]);
    // A plan leased again as used names its fineness; '' leases at the goods' own.
    expect(body.rent_list?.map((plan) => plan.fineness)).toEqual(['', '95']);
    expect(body.sell_list).toEqual([{ sku_index: 1, price: '1999', original_price: null }]);
    expect(body.package_list).toEqual([{ name: '尊享', rent_index: 1, gain_ids: [4, 9] }]);
    expect(body.channels).toEqual(['h5', 'alipay_mini']);
    expect(body.sub_shop_ids).toEqual([7, 9]);
    expect(index.sellSkus).toEqual([1]);
  });

  it('round-trips through the editing state the API answers', () => {
    const detail = {
      id: 5, title: 'T', category_id: 2, category_name: '', brand: 'B', fineness: '95', pictures: ['/p.png'], description: '',
      channels: ['h5'], sub_shop_ids: [4], status: 'on_shelf', status_name: '', sort: 3, force_down: false, force_down_reason: '',
      force_down_at: null,
      spu_list: [{ id: 11, specs: { 颜色: '黑' }, code: 'K', stock: 2 }],
      rent_list: [{ id: 21, sku_index: 0, sku_id: 11, term: 6, term_unit: 'month', rent: '10.00', deposit: '0.00', buyout_price: '0.00', ownership_transfer: true, total_rent: '60.00', min_term: 3, early_fee_mode: 'fixed', early_fee_value: '200.00', fineness: '90' }],
      sell_list: [{ id: 31, sku_index: 0, sku_id: 11, price: '88.00', original_price: null }],
      package_list: [{ id: 41, name: 'P', rent_index: 0, rent_plan_id: 21, gain_ids: [3], gains_price: '5.00' }],
      disabled: { locked: true, fields: ['spu_list'], reason: '' }, created_at: '', updated_at: '',
    } as unknown as GoodsDetail;
    const form = formFromDetail(detail);
    expect(form.channels).toEqual(['h5']);
    expect(form.sub_shop_ids).toEqual([4]);
    expect(form.specs).toEqual([{ name: '颜色', values: '黑' }]);
    expect(form.packages[0]!.rentUid).toBe(form.rentPlans[0]!.uid);
    const { body } = toPayload(form);
    expect(body.spu_list).toEqual([{ id: 11, specs: { 颜色: '黑' }, code: 'K', stock: 2 }]);
    expect(form.rentPlans[0]).toMatchObject({ min_term: '3', early_fee_mode: 'fixed', early_fee_value: '200.00' });
    expect(body.rent_list?.[0]).toMatchObject({ sku_index: 0, term: 6, term_unit: 'month', rent: '10.00', min_term: 3, early_fee_mode: 'fixed', early_fee_value: '200.00', fineness: '90' });
    expect(body.sell_list).toEqual([{ sku_index: 0, price: '88.00', original_price: null }]);
    expect(body.package_list).toEqual([{ name: 'P', rent_index: 0, gain_ids: [3] }]);
  });
});

describe('server field errors → form fields', () => {
  const index = { sellSkus: [1, 3] };

  it('maps list paths to the row and field of the form', () => {
    expect(formPathOf('rent_list.0.deposit', index)).toBe('rentPlans.0.deposit');
    expect(formPathOf('rent_list.2.term_unit', index)).toBe('rentPlans.2.term');
    expect(formPathOf('rent_list.1.fineness', index)).toBe('rentPlans.1.fineness');
    expect(formPathOf('spu_list.1.code', index)).toBe('skus.1.code');
    expect(formPathOf('sell_list.1.price', index)).toBe('skus.3.sell_price');
    expect(formPathOf('package_list.0.gain_ids', index)).toBe('packages.0.gain_ids');
    expect(formPathOf('title', index)).toBe('title');
    expect(formPathOf('pictures.4', index)).toBe('pictures');
    // The pickers: unknown sub-shop ids and channel labels are refused on the field itself.
    expect(formPathOf('sub_shop_ids', index)).toBe('sub_shop_ids');
    expect(formPathOf('sub_shop_ids.1', index)).toBe('sub_shop_ids');
    expect(formPathOf('channels', index)).toBe('channels');
    expect(formPathOf('channels.0', index)).toBe('channels');
  });

  it('falls back to the list, or to the top of the form for unknown paths', () => {
    expect(formPathOf('spu_list', index)).toBe('skus');
    expect(formPathOf('sell_list.9.price', index)).toBe('skus');
    expect(formPathOf('whatever', index)).toBeNull();
    const mapped = mapServerFields({ 'rent_list.0.deposit': ['at most 10 × total rent (30.00)'], nope: ['x'], category_id: [] }, index, '分类不可用');
    expect(mapped.byPath).toEqual({ 'rentPlans.0.deposit': 'at most 10 × total rent (30.00)', category_id: '分类不可用' });
    expect(mapped.unplaced).toEqual(['nope: x']);
  });
});

describe('client-side checks', () => {
  it('accepts a complete form', () => {
    expect(goodsFormSchema.safeParse(filledForm()).success).toBe(true);
  });

  it('puts the deposit ceiling beside the deposit of the plan', () => {
    const form = filledForm();
    form.rentPlans[0] = { ...form.rentPlans[0]!, rent: '10', term: '3:month', deposit: '300.01' };
    const result = goodsFormSchema.safeParse(form);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['rentPlans.0.deposit', 'depositCeiling']]);
  });

  it('checks a plan’s early-return terms: a whole minimum term, a fee for a rate or a fixed fee', () => {
    const issues = (patch: Partial<ReturnType<typeof filledForm>['rentPlans'][number]>) => {
      const form = filledForm();
      form.rentPlans[0] = { ...form.rentPlans[0]!, ...patch };
      return goodsFormSchema.safeParse(form).error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`) ?? [];
    };
    expect(issues({ min_term: '2.5' })).toEqual(['rentPlans.0.min_term:minTerm']);
    expect(issues({ min_term: '121' })).toEqual(['rentPlans.0.min_term:minTerm']);
    expect(issues({ min_term: '' })).toEqual([]);
    expect(issues({ early_fee_mode: 'rate', early_fee_value: '' })).toEqual(['rentPlans.0.early_fee_value:feeValueRequired']);
    expect(issues({ early_fee_mode: 'rate', early_fee_value: '120' })).toEqual(['rentPlans.0.early_fee_value:feeRate']);
    expect(issues({ early_fee_mode: 'fixed', early_fee_value: '0' })).toEqual(['rentPlans.0.early_fee_value:feeFixed']);
    expect(issues({ early_fee_mode: 'fixed', early_fee_value: '200' })).toEqual([]);
    expect(issues({ early_fee_mode: 'none', early_fee_value: 'anything' })).toEqual([]);
  });

  it('takes a plan’s Zhima credit-covered deposit, blank as none, never above the deposit', () => {
    const form = filledForm();
    const { body } = toPayload(form);
    expect(body.rent_list?.map((plan) => plan.credit_deposit_max)).toEqual(['300', '0']);
    form.rentPlans[0] = { ...form.rentPlans[0]!, credit_deposit_max: '500.01' };
    expect(goodsFormSchema.safeParse(form).error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`)).toEqual(['rentPlans.0.credit_deposit_max:creditDepositMax']);
    form.rentPlans[0] = { ...form.rentPlans[0]!, credit_deposit_max: '500' };
    expect(goodsFormSchema.safeParse(form).success).toBe(true);
  });

  it('allows at most 10 channels', () => {
    const form = filledForm();
    form.channels = Array.from({ length: 11 }, (_, index) => `c${index}`);
    expect(goodsFormSchema.safeParse(form).error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`)).toEqual(['channels:channels']);
  });

  it('asks for a title, a category and a valid rent', () => {
    const form = filledForm();
    form.title = ' ';
    form.category_id = '';
    form.rentPlans[1] = { ...form.rentPlans[1]!, rent: '0' };
    const paths = goodsFormSchema.safeParse(form).error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
    expect(paths).toEqual(expect.arrayContaining(['title:required', 'category_id:required', 'rentPlans.1.rent:amountRange']));
  });
});
