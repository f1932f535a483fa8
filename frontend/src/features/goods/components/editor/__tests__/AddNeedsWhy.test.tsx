import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { render } from '@/components/__tests__/render';
import { emptyGoodsForm, type GoodsFormValues } from '../../../lib/goodsForm';
import { PackageSection } from '../PackageSection';
import { RentPlanSection } from '../RentPlanSection';

const TERMS = [{ term: 6, term_unit: 1 }] as never;

function Sections({ values }: { values: GoodsFormValues }) {
  const methods = useForm<GoodsFormValues>({ defaultValues: values });
  return (
    <FormProvider {...methods}>
      <RentPlanSection terms={TERMS} />
      <PackageSection terms={TERMS} gains={[]} />
    </FormProvider>
  );
}

function button(container: HTMLElement, text: string): HTMLButtonElement {
  const found = [...container.querySelectorAll('button')].find((b) => b.textContent?.trim() === text);
  if (!found) throw new Error(`no button ${text}`);
  return found;
}

function why(container: HTMLElement, target: HTMLButtonElement): string | null {
  const id = target.getAttribute('aria-describedby');
  return id ? (container.querySelector(`#${id}`)?.textContent ?? null) : null;
}

let cleanup: () => Promise<void> = async () => undefined;
afterEach(async () => cleanup());

describe('the editor’s add buttons', () => {
  it('say why they are off: a rent plan needs a SKU, a package needs a rent plan', async () => {
    const view = await render(<Sections values={emptyGoodsForm()} />);
    cleanup = view.unmount;
    for (const text of ['添加租赁方案', '为每个 SKU 添加方案']) {
      const add = button(view.container, text);
      expect(add.disabled).toBe(true);
      expect(why(view.container, add)).toBe('请先添加至少一个 SKU，才能添加租赁方案');
      expect(add.title).toBe('请先添加至少一个 SKU，才能添加租赁方案');
    }
    const addPackage = button(view.container, '添加套餐');
    expect(addPackage.disabled).toBe(true);
    expect(why(view.container, addPackage)).toBe('请先添加至少一个租赁方案，才能添加套餐');
  });

  it('are on with no reason once what they need is there', async () => {
    const values: GoodsFormValues = {
      ...emptyGoodsForm(),
      skus: [{ key: 'k1', specs: {}, code: 'A1', stock: '1', sell_price: '', original_price: '' }] as never,
    };
    const view = await render(<Sections values={values} />);
    cleanup = view.unmount;
    const add = button(view.container, '添加租赁方案');
    expect(add.disabled).toBe(false);
    expect(add.getAttribute('aria-describedby')).toBeNull();
    expect(view.container.textContent).not.toContain('请先添加至少一个 SKU');
    // Still no rent plan: the package's reason stays.
    expect(button(view.container, '添加套餐').disabled).toBe(true);
  });
});
