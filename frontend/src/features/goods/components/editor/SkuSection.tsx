'use client';

import { useTranslations } from 'next-intl';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/Button';
import { FieldRow } from '@/components/ui/FormLayout';
import { notify } from '@/lib/notice';
import type { GoodsFormValues } from '../../lib/goodsForm';
import { generateSkus, skuLabel, type SkuDraft } from '../../lib/sku';
import { Table } from '@/components/data-table/Table';
import type { ColumnDef } from '@/components/data-table/types';
import { CellInput } from '@/components/ui/fields';
import { TrackedStockLinks, useTrackedStockText } from '../stock/TrackedStock';
import { useFieldMessage } from './useFieldMessage';

/**
 * Spec names and values → the SKU grid (code, initial stock, sale prices). A saved SKU's stock is
 * read-only (the stock dialog changes it); a SKU tracked by unit shows what can be ordered with
 * its units in stock and reservations, and a link to its units.
 */
export function SkuSection() {
  const t = useTranslations('goods.editor');
  const message = useFieldMessage();
  const { control, register, getValues, setValue, formState } = useFormContext<GoodsFormValues>();
  const specs = useFieldArray({ control, name: 'specs' });
  const skus = useWatch({ control, name: 'skus' });
  const errors = formState.errors;
  const labelOf = (sku: SkuDraft) => skuLabel(sku.specs, t('sku.default'));
  const tStock = useTranslations('goods.stock.tracked');
  const trackedText = useTrackedStockText();

  // Every column stays (priority 0): a field folded into a details line would hide its error.
  // Too wide for a phone, the grid scrolls sideways inside its card.
  const columns: ColumnDef<SkuDraft>[] = [
    { id: 'specs', header: t('sku.specs'), meta: { rowHeader: true, priority: 0 }, cell: ({ row }) => labelOf(row.original) },
    {
      id: 'code',
      header: t('sku.code'),
      meta: { priority: 0 },
      cell: ({ row }) => <CellInput label={t('sku.codeOf', { sku: labelOf(row.original) })} className="w-36" error={message(errors.skus?.[row.index]?.code)} {...register(`skus.${row.index}.code`)} />,
    },
    {
      id: 'stock',
      header: t('sku.stock'),
      meta: { priority: 0 },
      cell: ({ row }) =>
        row.original.tracked ? (
          // Tracked by unit: the figure is derived from its units and never typed here.
          <div className="min-w-44 py-1.5 text-slate-600" data-tracked-sku={row.original.id}>
            <p className="tabular-nums">{trackedText(row.original.tracked)}</p>
            <p className="text-xs text-slate-500">{tStock('noteShort')}</p>
            {row.original.id !== undefined && <TrackedStockLinks skuId={row.original.id} sku={labelOf(row.original)} receive={false} />}
          </div>
        ) : row.original.id ? (
          <p className="py-1.5 text-slate-600" title={t('sku.stockExistingHint')}>
            {t('sku.stockExisting', { stock: row.original.stock })}
          </p>
        ) : (
          <CellInput label={t('sku.stockOf', { sku: labelOf(row.original) })} inputMode="numeric" className="w-24" error={message(errors.skus?.[row.index]?.stock)} {...register(`skus.${row.index}.stock`)} />
        ),
    },
    {
      id: 'sell_price',
      header: t('sku.sellPrice'),
      meta: { priority: 0 },
      cell: ({ row }) => (
        <CellInput label={t('sku.sellPriceOf', { sku: labelOf(row.original) })} inputMode="decimal" placeholder="0.00" className="w-28" error={message(errors.skus?.[row.index]?.sell_price)} {...register(`skus.${row.index}.sell_price`)} />
      ),
    },
    {
      id: 'original_price',
      header: t('sku.originalPrice'),
      meta: { priority: 0 },
      cell: ({ row }) => (
        <CellInput label={t('sku.originalPriceOf', { sku: labelOf(row.original) })} inputMode="decimal" placeholder="0.00" className="w-28" error={message(errors.skus?.[row.index]?.original_price)} {...register(`skus.${row.index}.original_price`)} />
      ),
    },
  ];

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
          <div key={field.id} role="group" aria-label={t('spec.group', { index: index + 1 })}>
            <FieldRow columns="12rem 1fr auto" minWidth="10rem" className="items-end">
              <CellInput label={t('spec.name', { index: index + 1 })} hideLabel={false} placeholder={t('spec.namePlaceholder')} {...register(`specs.${index}.name`)} />
              <CellInput label={t('spec.values', { index: index + 1 })} hideLabel={false} placeholder={t('spec.valuesPlaceholder')} {...register(`specs.${index}.values`)} />
              <Button variant="ghost" className="justify-self-start" onClick={() => specs.remove(index)} aria-label={t('spec.remove', { index: index + 1 })}>
                {t('remove')}
              </Button>
            </FieldRow>
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
        <Table compact label={t('sku.table')} columns={columns} data={skus} getRowId={(sku) => sku.key} />
      )}
    </div>
  );
}
