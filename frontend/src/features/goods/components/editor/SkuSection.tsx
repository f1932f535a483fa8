'use client';

import { useTranslations } from 'next-intl';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/Button';
import { notify } from '@/lib/notice';
import type { GoodsFormValues } from '../../lib/goodsForm';
import { generateSkus, skuLabel } from '../../lib/sku';
import { CellInput } from '@/components/ui/fields';
import { useFieldMessage } from './useFieldMessage';

/** Spec names and values → the SKU grid (code, initial stock, sale prices). */
export function SkuSection() {
  const t = useTranslations('goods.editor');
  const message = useFieldMessage();
  const { control, register, getValues, setValue, formState } = useFormContext<GoodsFormValues>();
  const specs = useFieldArray({ control, name: 'specs' });
  const skus = useWatch({ control, name: 'skus' });
  const errors = formState.errors;

  const regenerate = () => {
    const next = generateSkus(getValues('specs'), getValues('skus'));
    const keys = new Set(next.map((sku) => sku.key));
    const plans = getValues('rentPlans');
    const keptPlans = plans.filter((plan) => keys.has(plan.skuKey));
    const planUids = new Set(keptPlans.map((plan) => plan.uid));
    const packages = getValues('packages');
    const keptPackages = packages.filter((pkg) => planUids.has(pkg.rentUid));
    setValue('skus', next, { shouldDirty: true });
    if (keptPlans.length !== plans.length) setValue('rentPlans', keptPlans, { shouldDirty: true });
    if (keptPackages.length !== packages.length) setValue('packages', keptPackages, { shouldDirty: true });
    const dropped = plans.length - keptPlans.length + packages.length - keptPackages.length;
    notify({ kind: 'info', message: { raw: dropped > 0 ? t('sku.generatedDropped', { count: next.length, dropped }) : t('sku.generated', { count: next.length }) } });
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3">
        {specs.fields.map((field, index) => (
          <div key={field.id} role="group" aria-label={t('spec.group', { index: index + 1 })} className="grid grid-cols-[12rem_1fr_auto] items-end gap-3">
            <CellInput label={t('spec.name', { index: index + 1 })} hideLabel={false} placeholder={t('spec.namePlaceholder')} {...register(`specs.${index}.name`)} />
            <CellInput label={t('spec.values', { index: index + 1 })} hideLabel={false} placeholder={t('spec.valuesPlaceholder')} {...register(`specs.${index}.values`)} />
            <Button variant="ghost" onClick={() => specs.remove(index)} aria-label={t('spec.remove', { index: index + 1 })}>
              {t('remove')}
            </Button>
          </div>
        ))}
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => specs.append({ name: '', values: '' })} disabled={specs.fields.length >= 5}>
            {t('spec.add')}
          </Button>
          <Button onClick={regenerate}>{t('sku.generate')}</Button>
          <p className="self-center text-xs text-slate-500">{t('sku.generateHint')}</p>
        </div>
      </div>

      {errors.root?.skus?.message && (
        <p role="alert" className="text-sm text-red-600">
          {errors.root.skus.message}
        </p>
      )}
      {skus.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">{t('sku.none')}</p>
      ) : (
        <div className="overflow-x-auto rounded-md border border-slate-200">
          <table aria-label={t('sku.table')} className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-xs font-semibold text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2 text-left">{t('sku.specs')}</th>
                <th scope="col" className="px-3 py-2 text-left">{t('sku.code')}</th>
                <th scope="col" className="px-3 py-2 text-left">{t('sku.stock')}</th>
                <th scope="col" className="px-3 py-2 text-left">{t('sku.sellPrice')}</th>
                <th scope="col" className="px-3 py-2 text-left">{t('sku.originalPrice')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {skus.map((sku, index) => {
                const label = skuLabel(sku.specs, t('sku.default'));
                const rowErrors = errors.skus?.[index];
                return (
                  <tr key={sku.key} className="align-top">
                    <th scope="row" className="px-3 py-2 text-left font-medium text-slate-800">{label}</th>
                    <td className="px-3 py-2">
                      <CellInput label={t('sku.codeOf', { sku: label })} className="w-36" error={message(rowErrors?.code)} {...register(`skus.${index}.code`)} />
                    </td>
                    <td className="px-3 py-2">
                      {sku.id ? (
                        <p className="py-1.5 text-slate-600" title={t('sku.stockExistingHint')}>
                          {t('sku.stockExisting', { stock: sku.stock })}
                        </p>
                      ) : (
                        <CellInput label={t('sku.stockOf', { sku: label })} inputMode="numeric" className="w-24" error={message(rowErrors?.stock)} {...register(`skus.${index}.stock`)} />
                      )}
                    </td>
                    <td className="px-3 py-2">
                      <CellInput label={t('sku.sellPriceOf', { sku: label })} inputMode="decimal" placeholder="0.00" className="w-28" error={message(rowErrors?.sell_price)} {...register(`skus.${index}.sell_price`)} />
                    </td>
                    <td className="px-3 py-2">
                      <CellInput label={t('sku.originalPriceOf', { sku: label })} inputMode="decimal" placeholder="0.00" className="w-28" error={message(rowErrors?.original_price)} {...register(`skus.${index}.original_price`)} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
