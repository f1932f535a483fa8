/**
 * The goods editor's client-side checks (zod). Kept apart from goodsForm.ts so the editor's
 * first load does not carry zod: GoodsForm loads this module on the form's first validation.
 */
import { z } from 'zod';
import { depositCeilingCents, toCents } from './money';
import { percentToShare } from '@/lib/share';
import { LIMITS, parseTerm, PLAN_FEE_MODES, PLAN_FINENESS } from './goodsForm';

/** The longest minimum term a rent plan may ask (periods). */
const MIN_TERM_MAX = 120;

// --- client-side checks (messages are keys under goods.validation) ----------------------------

const amount = (min: number, max: number, optional = false) =>
  z.string().superRefine((value, ctx) => {
    if (optional && value.trim() === '') return;
    const cents = toCents(value);
    if (cents === null) ctx.addIssue({ code: 'custom', message: optional || value.trim() ? 'amount' : 'required' });
    else if (cents < min || cents > max) ctx.addIssue({ code: 'custom', message: 'amountRange' });
  });

const wholeNumber = (max: number) =>
  z.string().refine((value) => /^\d+$/.test(value.trim()) && Number(value) <= max, { message: 'wholeNumber' });

const skuSchema = z.object({
  key: z.string(),
  id: z.number().optional(),
  specs: z.record(z.string(), z.string()),
  code: z.string().max(50, 'tooLong'),
  stock: wholeNumber(LIMITS.stockMax),
  tracked: z.object({ available: z.number(), inStock: z.number(), reserved: z.number() }).optional(),
  sell_price: amount(LIMITS.sellMin, LIMITS.sellMax, true),
  original_price: amount(LIMITS.sellMin, LIMITS.sellMax, true),
});

const rentPlanSchema = z
  .object({
    uid: z.string(),
    skuKey: z.string().min(1, 'required'),
    term: z.string().refine((value) => parseTerm(value) !== null, { message: 'required' }),
    rent: amount(LIMITS.rentMin, LIMITS.rentMax),
    // Blank deposit / buyout mean 0 (toPayload sends "0").
    deposit: amount(0, LIMITS.depositMax, true),
    buyout_price: amount(0, LIMITS.buyoutMax, true),
    ownership_transfer: z.boolean(),
    // Empty follows the shop's default; else a whole number of periods.
    min_term: z.string().refine((value) => value.trim() === '' || (/^\d+$/.test(value.trim()) && Number(value) <= MIN_TERM_MAX), { message: 'minTerm' }),
    early_fee_mode: z.enum(PLAN_FEE_MODES),
    early_fee_value: z.string(),
    // Blank means none (toPayload sends "0"); at most the deposit.
    credit_deposit_max: amount(0, LIMITS.depositMax, true),
    fineness: z.enum(PLAN_FINENESS),
  })
  .superRefine((plan, ctx) => {
    const credit = toCents(plan.credit_deposit_max || '0');
    const frozen = toCents(plan.deposit || '0');
    if (credit !== null && frozen !== null && credit > frozen) ctx.addIssue({ code: 'custom', path: ['credit_deposit_max'], message: 'creditDepositMax' });
    if (plan.early_fee_mode === 'rate' || plan.early_fee_mode === 'fixed') {
      const text = plan.early_fee_value.trim();
      if (text === '') ctx.addIssue({ code: 'custom', path: ['early_fee_value'], message: 'feeValueRequired' });
      else if (plan.early_fee_mode === 'rate' && percentToShare(text) === null) ctx.addIssue({ code: 'custom', path: ['early_fee_value'], message: 'feeRate' });
      else if (plan.early_fee_mode === 'fixed') {
        const cents = toCents(text);
        if (cents === null || cents <= 0 || cents > LIMITS.rentMax) ctx.addIssue({ code: 'custom', path: ['early_fee_value'], message: 'feeFixed' });
      }
    }
    const term = parseTerm(plan.term);
    const deposit = toCents(plan.deposit);
    const ceiling = term ? depositCeilingCents(plan.rent, term.term) : null;
    if (deposit !== null && ceiling !== null && deposit > ceiling) {
      ctx.addIssue({ code: 'custom', path: ['deposit'], message: 'depositCeiling' });
    }
  });

export const goodsFormSchema = z
  .object({
    id: z.number().optional(),
    title: z.string().trim().min(1, 'required').max(100, 'tooLong'),
    category_id: z.string().min(1, 'required'),
    brand: z.string().max(50, 'tooLong'),
    fineness: z.string().min(1, 'required'),
    pictures: z.array(z.string()).max(LIMITS.pictures, 'tooManyPictures'),
    description: z.string().max(50_000, 'tooLong'),
    channels: z.array(z.string()).max(LIMITS.channels, 'channels'),
    sub_shop_ids: z.array(z.number()),
    sort: wholeNumber(LIMITS.sortMax),
    specs: z.array(z.object({ name: z.string(), values: z.string() })),
    skus: z.array(skuSchema),
    rentPlans: z.array(rentPlanSchema),
    packages: z.array(
      z.object({ name: z.string().trim().min(1, 'required').max(50, 'tooLong'), rentUid: z.string().min(1, 'required'), gain_ids: z.array(z.string()) }),
    ),
  })
  .superRefine((values, ctx) => {
    const keys = new Set(values.skus.map((sku) => sku.key));
    values.rentPlans.forEach((plan, index) => {
      if (plan.skuKey && !keys.has(plan.skuKey)) ctx.addIssue({ code: 'custom', path: ['rentPlans', index, 'skuKey'], message: 'required' });
    });
    const uids = new Set(values.rentPlans.map((plan) => plan.uid));
    values.packages.forEach((pkg, index) => {
      if (pkg.rentUid && !uids.has(pkg.rentUid)) ctx.addIssue({ code: 'custom', path: ['packages', index, 'rentUid'], message: 'required' });
    });
  });
