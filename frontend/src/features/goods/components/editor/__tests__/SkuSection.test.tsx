import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byText, render } from '@/components/__tests__/render';
import { fakeTableLayout } from '@/components/__tests__/tableLayout';
import type { GoodsDetail } from '../../../types';
import { formFromDetail, type GoodsFormValues } from '../../../lib/goodsForm';
import { SkuSection } from '../SkuSection';

const session = vi.hoisted(() => ({ auth: [{ action: 'goods.edit' }, { action: 'asset.view' }] as { action: string }[] }));
vi.mock('@/components/GlobalStateProvider', () => ({ useGlobalState: (select: (state: unknown) => unknown) => select({ platformType: 0, auth: session.auth }) }));
vi.mock('next/link', async () => (await import('@/components/__tests__/mocks')).nextLinkMock);

fakeTableLayout();

const detail = {
  id: 5, title: '平板', category_id: 2, category_name: '', brand: '', fineness: 'new', pictures: [], description: '',
  channels: [], sub_shop_ids: [], status: 'off_shelf', status_name: '', sort: 0, force_down: false, force_down_reason: '', force_down_at: null,
  spu_list: [
    { id: 11, specs: { 颜色: '黑色' }, code: 'K', stock: 5, tracked: true, in_stock: 8, reserved: 3 },
    { id: 12, specs: { 颜色: '白色' }, code: 'W', stock: 2, tracked: false, in_stock: null, reserved: null },
  ],
  rent_list: [], sell_list: [], package_list: [], disabled: { locked: false, fields: [], reason: '' }, created_at: '', updated_at: '',
} as unknown as GoodsDetail;

function Form({ values, children }: { values: GoodsFormValues; children: ReactNode }) {
  const form = useForm<GoodsFormValues>({ defaultValues: values });
  return <FormProvider {...form}>{children}</FormProvider>;
}

let cleanup: () => Promise<void> = async () => undefined;
afterEach(() => cleanup());

const rowOf = (sku: string) => [...document.querySelectorAll<HTMLTableRowElement>('tbody tr')].find((row) => row.querySelector('th[scope="row"]')?.textContent?.startsWith(sku))!;

describe('SkuSection', () => {
  it('shows a tracked SKU’s stock read-only with its parts, the note and its units; a new SKU keeps its initial stock input', async () => {
    const values = formFromDetail(detail);
    values.skus.push({ key: '颜色=蓝色', specs: { 颜色: '蓝色' }, code: '', stock: '0', sell_price: '', original_price: '' });
    const view = await render(
      <Form values={values}>
        <SkuSection />
      </Form>,
    );
    cleanup = view.unmount;

    const tracked = rowOf('黑色');
    expect(tracked.textContent).toContain('可租 5（在库 8，订单预留 3）');
    expect(tracked.textContent).toContain('按台管理：库存来自入库的设备');
    expect(tracked.querySelector('a[aria-label="调整设备（黑色）"]')!.getAttribute('href')).toBe('/assets?sku_id=11');
    expect(byText(document.body, 'label', '初始库存（黑色）')).toBeUndefined();

    expect(rowOf('白色').textContent).toContain('现有 2');
    expect(rowOf('白色').textContent).not.toContain('可租');
    expect(byText(document.body, 'label', '初始库存（白色）')).toBeUndefined();
    expect(byText(document.body, 'label', '初始库存（蓝色）')).toBeDefined();
  });
});
