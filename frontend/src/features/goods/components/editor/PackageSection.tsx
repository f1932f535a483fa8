'use client';

import { useTranslations } from 'next-intl';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/Button';
import { FieldRow } from '@/components/ui/FormLayout';
import { formatCurrency } from '@/lib/currency';
import { parseTerm, type GoodsFormValues, type PackageDraft, type RentPlanDraft } from '../../lib/goodsForm';
import { toCents, totalRentCents } from '../../lib/money';
import { skuLabel, type SkuDraft } from '../../lib/sku';
import type { GainGroup, Term } from '../../types';
import { CellInput, Select } from '@/components/ui/fields';
import { useFieldMessage } from './useFieldMessage';

export function planLabel(plan: RentPlanDraft, skus: readonly SkuDraft[], terms: readonly Term[], defaultSku: string, perPeriod: (amount: string) => string): string {
  const sku = skus.find((item) => item.key === plan.skuKey);
  const term = terms.find((item) => `${item.term}:${item.term_unit}` === plan.term);
  return [sku ? skuLabel(sku.specs, defaultSku) : '?', term?.label ?? plan.term, plan.rent ? perPeriod(formatCurrency(plan.rent)) : ''].filter(Boolean).join(' · ');
}

function PackageTotal({ pkg, plans, gains }: { pkg: PackageDraft; plans: readonly RentPlanDraft[]; gains: GainGroup[] }) {
  const t = useTranslations('goods.editor.package');
  const plan = plans.find((item) => item.uid === pkg.rentUid);
  const term = plan ? parseTerm(plan.term) : null;
  const rentCents = plan && term ? totalRentCents(plan.rent, term.term) : null;
  const prices = new Map(gains.flatMap((group) => group.gains).map((gain) => [String(gain.id), toCents(gain.price) ?? 0]));
  const gainCents = pkg.gain_ids.reduce((sum, id) => sum + (prices.get(id) ?? 0), 0);
  if (rentCents === null) return null;
  return (
    <p className="text-xs text-slate-600">
      {t('total', {
        rent: formatCurrency(rentCents, { cents: true }),
        gains: formatCurrency(gainCents, { cents: true }),
        total: formatCurrency(rentCents + gainCents, { cents: true }),
      })}
    </p>
  );
}

function GainChoices({ index, gains }: { index: number; gains: GainGroup[] }) {
  const t = useTranslations('goods.editor.package');
  const { control, setValue } = useFormContext<GoodsFormValues>();
  const chosen = useWatch({ control, name: `packages.${index}.gain_ids` }) ?? [];
  if (gains.length === 0) return <p className="text-xs text-slate-500">{t('noGains')}</p>;
  const toggle = (id: string, on: boolean) =>
    setValue(`packages.${index}.gain_ids`, on ? [...chosen, id] : chosen.filter((item) => item !== id), { shouldDirty: true });
  return (
    <fieldset>
      <legend className="mb-1 text-xs font-medium text-slate-600">{t('gains')}</legend>
      <div className="flex flex-col gap-2">
        {gains.map((group) => (
          <div key={group.gain_type} className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <span className="w-24 text-xs text-slate-500">{group.gain_type_name}</span>
            {group.gains.map((gain) => (
              <label key={gain.id} className="flex items-center gap-1.5 text-sm text-slate-700">
                <input type="checkbox" className="size-4 accent-brand-600" checked={chosen.includes(String(gain.id))} onChange={(event) => toggle(String(gain.id), event.target.checked)} />
                {gain.name}
                <span className="text-xs text-slate-500">{formatCurrency(gain.price)}</span>
              </label>
            ))}
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** Packages: one rent plan plus add-on services, shown to customers as a bundle. */
export function PackageSection({ terms, gains }: { terms: readonly Term[]; gains: GainGroup[] }) {
  const t = useTranslations('goods.editor');
  const message = useFieldMessage();
  const { control, register, formState } = useFormContext<GoodsFormValues>();
  const packages = useFieldArray({ control, name: 'packages' });
  const plans = useWatch({ control, name: 'rentPlans' });
  const skus = useWatch({ control, name: 'skus' });
  const values = useWatch({ control, name: 'packages' });
  const errors = formState.errors;
  const perPeriod = (amount: string) => t('package.perPeriod', { amount });
  const noPlans = plans.length === 0;

  return (
    <div className="flex flex-col gap-3">
      {errors.root?.packages?.message && (
        <p role="alert" className="text-sm text-red-600">
          {errors.root.packages.message}
        </p>
      )}
      {packages.fields.length === 0 && <p className="rounded-md border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">{t('package.none')}</p>}
      {packages.fields.map((field, index) => {
        const packageErrors = errors.packages?.[index];
        return (
          <fieldset key={field.id} className="flex min-w-0 flex-col gap-3 rounded-md border border-slate-200 bg-slate-50/50 p-3">
            <legend className="px-1 text-sm font-semibold text-slate-700">{t('package.title', { index: index + 1 })}</legend>
            <FieldRow columns="minmax(10rem,1fr) minmax(14rem,2fr) auto" minWidth="10rem" className="items-start">
              <CellInput label={t('package.name')} hideLabel={false} error={message(packageErrors?.name)} {...register(`packages.${index}.name`)} />
              <Select label={t('package.plan')} error={message(packageErrors?.rentUid)} {...register(`packages.${index}.rentUid`)}>
                <option value="">{t('package.choosePlan')}</option>
                {plans.map((plan, planIndex) => (
                  <option key={plan.uid} value={plan.uid}>
                    {t('package.planOption', { index: planIndex + 1, label: planLabel(plan, skus, terms, t('sku.default'), perPeriod) })}
                  </option>
                ))}
              </Select>
              <Button variant="ghost" className="justify-self-start @2xl:mt-6" onClick={() => packages.remove(index)} aria-label={t('package.remove', { index: index + 1 })}>
                {t('remove')}
              </Button>
            </FieldRow>
            <GainChoices index={index} gains={gains} />
            {packageErrors?.gain_ids && <p className="text-xs text-red-600">{message(packageErrors.gain_ids as { message?: string; type?: string })}</p>}
            {values[index] && <PackageTotal pkg={values[index]} plans={plans} gains={gains} />}
          </fieldset>
        );
      })}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          disabled={noPlans}
          title={noPlans ? t('package.addNeedsPlan') : undefined}
          aria-describedby={noPlans ? 'package-add-why' : undefined}
          onClick={() => packages.append({ name: '', rentUid: plans[0]?.uid ?? '', gain_ids: [] })}
        >
          {t('package.add')}
        </Button>
        {noPlans && (
          <span id="package-add-why" className="text-xs text-slate-500">
            {t('package.addNeedsPlan')}
          </span>
        )}
      </div>
    </div>
  );
}
