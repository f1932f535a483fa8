import { describe, expect, it } from 'vitest';
import { generateSkus, skuKey, skuLabel, specsFromSkus, splitSpecValues, usableSpecs } from '../sku';

describe('SKU generation from specs', () => {
  it('splits values on Chinese and ASCII separators and drops blanks and repeats', () => {
    expect(splitSpecValues('黑色, 白色，蓝色、 黑色 ,')).toEqual(['黑色', '白色', '蓝色']);
  });

  it('makes one SKU per combination of values', () => {
    const skus = generateSkus(
      [
        { name: '颜色', values: '黑色,白色' },
        { name: '容量', values: '128G,256G' },
      ],
      [],
    );
    expect(skus.map((sku) => skuLabel(sku.specs, '-'))).toEqual(['黑色 / 128G', '黑色 / 256G', '白色 / 128G', '白色 / 256G']);
    expect(skus[0]).toMatchObject({ code: '', stock: '0', sell_price: '' });
  });

  it('gives an item without specs its single default SKU', () => {
    const skus = generateSkus([{ name: '', values: '' }], []);
    expect(skus).toHaveLength(1);
    expect(skus[0]!.specs).toEqual({});
    expect(skuLabel(skus[0]!.specs, '默认规格')).toBe('默认规格');
  });

  it('keeps what was typed for combinations that still exist when regenerating', () => {
    const first = generateSkus([{ name: '颜色', values: '黑色,白色' }], []);
    first[0] = { ...first[0]!, id: 7, code: 'BLK', stock: '5', sell_price: '999.00' };
    const second = generateSkus([{ name: '颜色', values: '黑色,红色' }], first);
    expect(second.map((sku) => [sku.specs['颜色'], sku.id, sku.code, sku.stock])).toEqual([
      ['黑色', 7, 'BLK', '5'],
      ['红色', undefined, '', '0'],
    ]);
  });

  it('ignores specs without a name or values, and repeated names', () => {
    expect(usableSpecs([{ name: '颜色', values: '黑' }, { name: ' 颜色 ', values: '白' }, { name: '尺寸', values: ' ' }])).toEqual([
      { name: '颜色', values: ['黑'] },
    ]);
  });

  it('keys a combination independently of the spec order', () => {
    expect(skuKey({ b: '2', a: '1' })).toBe(skuKey({ a: '1', b: '2' }));
  });

  it('rebuilds spec definitions from loaded SKUs', () => {
    expect(specsFromSkus([{ specs: { 颜色: '黑', 容量: '1T' } }, { specs: { 颜色: '白', 容量: '1T' } }])).toEqual([
      { name: '颜色', values: '黑, 白' },
      { name: '容量', values: '1T' },
    ]);
  });
});
