'use client';

import { useTranslations } from 'next-intl';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/Button';
import { FieldRow } from '@/components/ui/FormLayout';
import { formatCurrency } from '@/lib/currency';
import { newUid, parseTerm, PLAN_FEE_MODES, PLAN_FINENESS, type GoodsFormValues, type RentPlanDraft } from '../../lib/goodsForm';
import { depositCeilingCents, totalRentCents } from '../../lib/money';
import { skuLabel } from '../../lib/sku';
import type { Term } from '../../types';
import { CellInput, Select } from '@/components/ui/fields';
import { useFieldMessage } from './useFieldMessage';

function PlanFigures({ plan }: { plan: RentPlanDraft }) {
  const t = useTranslations('goods.editor.rent');
  const term = parseTerm(plan.term);
  const total = term ? totalRentCents(plan.rent, term.term) : null;
  const ceiling = term ? depositCeilingCents(plan.rent, term.term) : null;
  if (total === null || ceiling === null) return <p className="text-xs text-slate-400">{t('figuresPending')}</p>;
  return (
    <p className="text-xs text-slate-500">
      {t('figures', { total: formatCurrency(total, { cents: true }), ceiling: formatCurrency(ceiling, { cents: true }) })}
    </p>
  );
}

/** Rent plans: per SKU, a term with rent per period, deposit, buyout and ownership transfer. */
export function RentPlanSection({ terms }: { terms: readonly Term[] }) {
  const t = useTranslations('goods.editor');
  const goodsText = useTranslations('goods');
  const message = useFieldMessage();
  const { control, register, getValues, formState } = useFormContext<GoodsFormValues>();
  const plans = useFieldArray({ control, name: 'rentPlans', keyName: 'fieldKey' });
  const skus = useWatch({ control, name: 'skus' });
  const values = useWatch({ control, name: 'rentPlans' });
  const errors = formState.errors;
  const defaultTerm = terms[0] ? `${terms[0].term}:${terms[0].term_unit}` : '';
  const noSkus = skus.length === 0;

  const blankPlan = (skuKey: string): RentPlanDraft => ({
    uid: newUid('r'),
    skuKey,
    term: defaultTerm,
    rent: '',
    deposit: '',
    buyout_price: '',
    ownership_transfer: true,
    min_term: '',
    early_fee_mode: '',
    early_fee_value: '',
    credit_deposit_max: '',
    fineness: '',
  });

  const addForEverySku = () => {
    const planned = new Set(getValues('rentPlans').map((plan) => plan.skuKey));
    const missing = skus.filter((sku) => !planned.has(sku.key));
    plans.append(missing.map((sku) => blankPlan(sku.key)));
  };

  return (
    <div className="flex flex-col gap-3">
      {errors.root?.rentPlans?.message && (
        <p role="alert" className="text-sm text-red-600">
          {errors.root.rentPlans.message}
        </p>
      )}
      {plans.fields.length === 0 && <p className="rounded-md border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">{t('rent.none')}</p>}
      {plans.fields.map((field, index) => {
        const planErrors = errors.rentPlans?.[index];
        const plan = values[index];
        return (
          <fieldset key={field.fieldKey} className="min-w-0 rounded-md border border-slate-200 bg-slate-50/50 p-3">
            <legend className="px-1 text-sm font-semibold text-slate-700">{t('rent.plan', { index: index + 1 })}</legend>
            <FieldRow columns="minmax(8rem,1.2fr) minmax(7rem,1fr) repeat(3,minmax(6rem,1fr)) auto" className="items-start">
              <Select label={t('rent.sku')} error={message(planErrors?.skuKey)} {...register(`rentPlans.${index}.skuKey`)}>
                <option value="">{t('rent.chooseSku')}</option>
                {skus.map((sku) => (
                  <option key={sku.key} value={sku.key}>
                    {skuLabel(sku.specs, t('sku.default'))}
                  </option>
                ))}
              </Select>
              <Select label={t('rent.term')} error={message(planErrors?.term)} {...register(`rentPlans.${index}.term`)}>
                {terms.map((term) => (
                  <option key={`${term.term}:${term.term_unit}`} value={`${term.term}:${term.term_unit}`}>
                    {term.label}
                  </option>
                ))}
              </Select>
              <CellInput label={t('rent.rent')} hideLabel={false} inputMode="decimal" placeholder="0.00" error={message(planErrors?.rent)} {...register(`rentPlans.${index}.rent`)} />
              <CellInput label={t('rent.deposit')} hideLabel={false} inputMode="decimal" placeholder="0.00" error={message(planErrors?.deposit)} {...register(`rentPlans.${index}.deposit`)} />
              <CellInput label={t('rent.buyout')} hideLabel={false} inputMode="decimal" placeholder="0.00" error={message(planErrors?.buyout_price)} {...register(`rentPlans.${index}.buyout_price`)} />
              <Button variant="ghost" className="mt-6 justify-self-start" onClick={() => plans.remove(index)} aria-label={t('rent.remove', { index: index + 1 })}>
                {t('remove')}
              </Button>
            </FieldRow>
            <FieldRow columns="repeat(5,minmax(8rem,1fr))" minWidth="10rem" className="mt-3 items-start">
              <Select label={t('rent.fineness')} error={message(planErrors?.fineness)} {...register(`rentPlans.${index}.fineness`)}>
                {PLAN_FINENESS.map((code) => (
                  <option key={code || 'goods'} value={code}>
                    {code ? goodsText(`fineness.${code}`) : t('rent.finenessOfGoods')}
                  </option>
                ))}
              </Select>
              <CellInput label={t('rent.creditDepositMax')} hideLabel={false} inputMode="decimal" placeholder="0.00" error={message(planErrors?.credit_deposit_max)} {...register(`rentPlans.${index}.credit_deposit_max`)} />
              <CellInput label={t('rent.minTerm')} hideLabel={false} inputMode="numeric" placeholder={t('rent.shopDefault')} error={message(planErrors?.min_term)} {...register(`rentPlans.${index}.min_term`)} />
              <Select label={t('rent.earlyFeeMode')} error={message(planErrors?.early_fee_mode)} {...register(`rentPlans.${index}.early_fee_mode`)}>
                {PLAN_FEE_MODES.map((mode) => (
                  <option key={mode || 'default'} value={mode}>
                    {t(`rent.earlyFeeModes.${mode || 'default'}`)}
                  </option>
                ))}
              </Select>
              {plan && (plan.early_fee_mode === 'rate' || plan.early_fee_mode === 'fixed') && (
                <CellInput
                  label={plan.early_fee_mode === 'rate' ? t('rent.earlyFeeRate') : t('rent.earlyFeeFixed')}
                  hideLabel={false}
                  inputMode="decimal"
                  placeholder={plan.early_fee_mode === 'rate' ? '10' : '0.00'}
                  error={message(planErrors?.early_fee_value)}
                  {...register(`rentPlans.${index}.early_fee_value`)}
                />
              )}
            </FieldRow>
            <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
              <label className="flex items-center gap-2 text-sm text-slate-700">
                <input type="checkbox" className="size-4 accent-brand-600" {...register(`rentPlans.${index}.ownership_transfer`)} />
                {t('rent.ownership')}
              </label>
              {plan && <PlanFigures plan={plan} />}
            </div>
          </fieldset>
        );
      })}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          disabled={noSkus}
          title={noSkus ? t('rent.addNeedsSku') : undefined}
          aria-describedby={noSkus ? 'rent-plan-add-why' : undefined}
          onClick={() => plans.append(blankPlan(skus[0]?.key ?? ''))}
        >
          {t('rent.add')}
        </Button>
        <Button
          variant="secondary"
          disabled={noSkus}
          title={noSkus ? t('rent.addNeedsSku') : undefined}
          aria-describedby={noSkus ? 'rent-plan-add-why' : undefined}
          onClick={addForEverySku}
        >
          {t('rent.addForEverySku')}
        </Button>
        {noSkus && (
          <span id="rent-plan-add-why" className="text-xs text-slate-500">
            {t('rent.addNeedsSku')}
          </span>
        )}
      </div>
    </div>
  );
}
