/**
 * The goods editor's form model and its two translations: the API's editing state
 * (goodsDetail) → form values, and form values → the saveGood body. In the form, rent plans
 * point at their SKU by key and packages at their rent plan by uid, so SKUs and plans can be
 * added, removed and regenerated freely; indexes (sku_index, rent_index) exist only in the body.
 * The zod checks live in goodsSchema.ts, loaded on the form's first validation.
 */
import { percentToShare, shareToPercent } from '@/lib/share';
import type { GoodsDetail, GoodsSaveBody } from '../types';
import { skuKey, specsFromSkus, type SkuDraft, type SpecDefinition } from './sku';
import { trackedParts } from './trackedStock';

export interface RentPlanDraft {
  uid: string;
  skuKey: string;
  /** "3:month" — term and unit as one select value. */
  term: string;
  rent: string;
  deposit: string;
  buyout_price: string;
  ownership_transfer: boolean;
  /** Periods before which a return costs a fee; empty: the shop's default (issue 24). */
  min_term: string;
  /** '' follows the shop's default; else none, rate or fixed. */
  early_fee_mode: '' | 'none' | 'rate' | 'fixed';
  /** A percent for `rate`, yuan for `fixed`. */
  early_fee_value: string;
  /** Deposit-free: the most of the deposit Zhima credit may cover (blank: none). */
  credit_deposit_max: string;
  /** Leased again as used: the fineness this plan leases ('' : the goods' own). */
  fineness: PlanFineness;
}

/** The finenesses a rent plan may lease at ('' follows the goods'). */
export const PLAN_FINENESS = ['', 'new', '99', '95', '90', '80'] as const;
export type PlanFineness = (typeof PLAN_FINENESS)[number];

function planFineness(value: string | null | undefined): PlanFineness {
  return (PLAN_FINENESS as readonly string[]).includes(value ?? '') ? (value as PlanFineness) : '';
}

/** The early-return fee rules a rent plan may set ('' follows the shop). */
export const PLAN_FEE_MODES = ['', 'none', 'rate', 'fixed'] as const;
export type PlanFeeMode = (typeof PLAN_FEE_MODES)[number];

function planFeeMode(value: string | null | undefined): PlanFeeMode {
  return (PLAN_FEE_MODES as readonly string[]).includes(value ?? '') ? (value as PlanFeeMode) : '';
}

/** The fee value as the API takes it: a share for a rate, yuan for a fixed fee, else null. */
export function planFeeValue(mode: PlanFeeMode, text: string): string | null {
  if (mode === 'rate') return percentToShare(text);
  if (mode === 'fixed') return text.trim() || null;
  return null;
}

export interface PackageDraft {
  name: string;
  rentUid: string;
  gain_ids: string[];
}

export interface GoodsFormValues {
  id?: number;
  title: string;
  category_id: string;
  brand: string;
  fineness: string;
  pictures: string[];
  description: string;
  /** Labels of the shop's channels (getChannels) the goods are offered on. */
  channels: string[];
  /** Sub-shops the goods can be rented in; none means every sub-shop. */
  sub_shop_ids: number[];
  sort: string;
  specs: SpecDefinition[];
  skus: SkuDraft[];
  rentPlans: RentPlanDraft[];
  packages: PackageDraft[];
}

/** Limits the backend checks (apps/goods/rules.py), in cents. */
export const LIMITS = {
  rentMin: 1,
  rentMax: 100_000_000,
  depositMax: 20_000_000,
  buyoutMax: 100_000_000,
  sellMin: 1,
  sellMax: 100_000_000,
  stockMax: 1_000_000,
  sortMax: 999_999,
  pictures: 10,
  channels: 10,
} as const;

let uidCounter = 0;
export function newUid(prefix = 'n'): string {
  uidCounter += 1;
  return `${prefix}${Date.now().toString(36)}${uidCounter}`;
}

export function parseTerm(value: string): { term: number; term_unit: 'month' | 'day' } | null {
  const [term, unit] = value.split(':');
  if (!term || !/^\d+$/.test(term) || (unit !== 'month' && unit !== 'day')) return null;
  return { term: Number(term), term_unit: unit };
}

export function emptyGoodsForm(): GoodsFormValues {
  return {
    title: '',
    category_id: '',
    brand: '',
    fineness: 'new',
    pictures: [],
    description: '',
    channels: [],
    sub_shop_ids: [],
    sort: '0',
    specs: [{ name: '', values: '' }],
    skus: [],
    rentPlans: [],
    packages: [],
  };
}

export function formFromDetail(detail: GoodsDetail): GoodsFormValues {
  const sellBySku = new Map(detail.sell_list.map((sell) => [sell.sku_index, sell]));
  const skus: SkuDraft[] = detail.spu_list.map((sku, index) => ({
    key: skuKey(sku.specs),
    id: sku.id,
    specs: sku.specs,
    code: sku.code,
    stock: String(sku.stock),
    tracked: trackedParts(sku) ?? undefined,
    sell_price: sellBySku.get(index)?.price ?? '',
    original_price: sellBySku.get(index)?.original_price ?? '',
  }));
  const rentPlans: RentPlanDraft[] = detail.rent_list.map((plan) => ({
    uid: `r${plan.id}`,
    skuKey: skus[plan.sku_index]?.key ?? '',
    term: `${plan.term}:${plan.term_unit}`,
    rent: plan.rent,
    deposit: plan.deposit,
    buyout_price: plan.buyout_price,
    ownership_transfer: plan.ownership_transfer,
    min_term: plan.min_term === null || plan.min_term === undefined ? '' : String(plan.min_term),
    early_fee_mode: planFeeMode(plan.early_fee_mode),
    early_fee_value: plan.early_fee_mode === 'rate' ? shareToPercent(plan.early_fee_value) : plan.early_fee_mode === 'fixed' ? (plan.early_fee_value ?? '') : '',
    credit_deposit_max: plan.credit_deposit_max && plan.credit_deposit_max !== '0.00' ? plan.credit_deposit_max : '',
    fineness: planFineness(plan.fineness),
  }));
  const specs = specsFromSkus(detail.spu_list);
  return {
    id: detail.id,
    title: detail.title,
    category_id: detail.category_id ? String(detail.category_id) : '',
    brand: detail.brand,
    fineness: detail.fineness,
    pictures: detail.pictures,
    description: detail.description,
    channels: detail.channels,
    sub_shop_ids: detail.sub_shop_ids,
    sort: String(detail.sort),
    specs: specs.length > 0 ? specs : [{ name: '', values: '' }],
    skus,
    rentPlans,
    packages: detail.package_list.map((pkg) => ({
      name: pkg.name,
      rentUid: rentPlans[pkg.rent_index]?.uid ?? '',
      gain_ids: pkg.gain_ids.map(String),
    })),
  };
}

/** Where a server field path (`rent_list.0.deposit`) shows in the form (`rentPlans.0.deposit`). */
export interface PayloadIndex {
  /** sell_list index → index of its SKU in the form. */
  sellSkus: number[];
}

export function toPayload(values: GoodsFormValues): { body: GoodsSaveBody; index: PayloadIndex } {
  const skuIndex = new Map(values.skus.map((sku, index) => [sku.key, index]));
  const planIndex = new Map(values.rentPlans.map((plan, index) => [plan.uid, index]));
  const sellSkus: number[] = [];
  const sell_list: GoodsSaveBody['sell_list'] = [];
  values.skus.forEach((sku, index) => {
    if (!sku.sell_price.trim()) return;
    sellSkus.push(index);
    sell_list.push({
      sku_index: index,
      price: sku.sell_price.trim(),
      original_price: sku.original_price.trim() || null,
    });
  });
  const body: GoodsSaveBody = {
    id: values.id ?? null,
    title: values.title.trim(),
    category_id: Number(values.category_id),
    brand: values.brand.trim(),
    fineness: values.fineness as GoodsSaveBody['fineness'],
    pictures: values.pictures,
    description: values.description,
    channels: [...new Set(values.channels)],
    sub_shop_ids: values.sub_shop_ids,
    sort: Number(values.sort || 0),
    spu_list: values.skus.map((sku) => ({
      ...(sku.id ? { id: sku.id } : {}),
      specs: sku.specs,
      code: sku.code.trim(),
      stock: Number(sku.stock || 0),
    })),
    rent_list: values.rentPlans.map((plan) => {
      const term = parseTerm(plan.term) ?? { term: 0, term_unit: 'month' as const };
      return {
        sku_index: skuIndex.get(plan.skuKey) ?? -1,
        term: term.term,
        term_unit: term.term_unit,
        rent: plan.rent.trim(),
        deposit: plan.deposit.trim() || '0',
        buyout_price: plan.buyout_price.trim() || '0',
        ownership_transfer: plan.ownership_transfer,
        min_term: plan.min_term.trim() === '' ? null : Number(plan.min_term.trim()),
        early_fee_mode: plan.early_fee_mode,
        early_fee_value: planFeeValue(plan.early_fee_mode, plan.early_fee_value),
        credit_deposit_max: plan.credit_deposit_max.trim() || '0',
        fineness: plan.fineness,
      };
    }),
    sell_list,
    package_list: values.packages.map((pkg) => ({
      name: pkg.name.trim(),
      rent_index: planIndex.get(pkg.rentUid) ?? -1,
      gain_ids: pkg.gain_ids.map(Number),
    })),
  };
  return { body, index: { sellSkus } };
}

const TOP_LEVEL: Record<string, keyof GoodsFormValues> = {
  title: 'title',
  category_id: 'category_id',
  brand: 'brand',
  fineness: 'fineness',
  pictures: 'pictures',
  description: 'description',
  channels: 'channels',
  sub_shop_ids: 'sub_shop_ids',
  sort: 'sort',
  spu_list: 'skus',
  rent_list: 'rentPlans',
  sell_list: 'skus',
  package_list: 'packages',
};

const RENT_FIELDS: Record<string, keyof RentPlanDraft> = {
  sku_index: 'skuKey',
  term: 'term',
  term_unit: 'term',
  rent: 'rent',
  deposit: 'deposit',
  buyout_price: 'buyout_price',
  ownership_transfer: 'ownership_transfer',
  min_term: 'min_term',
  early_fee_mode: 'early_fee_mode',
  early_fee_value: 'early_fee_value',
  credit_deposit_max: 'credit_deposit_max',
  fineness: 'fineness',
};
const SKU_FIELDS: Record<string, keyof SkuDraft> = { code: 'code', stock: 'stock', specs: 'code' };
const SELL_FIELDS: Record<string, keyof SkuDraft> = { price: 'sell_price', original_price: 'original_price', sku_index: 'sell_price' };
const PACKAGE_FIELDS: Record<string, keyof PackageDraft> = { name: 'name', rent_index: 'rentUid', gain_ids: 'gain_ids' };

/**
 * The form path of a server field path; lists and their unknown members fall back to the list
 * itself (shown above it), anything else unknown to null (shown at the top of the form).
 */
export function formPathOf(serverPath: string, index: PayloadIndex): string | null {
  const [head = '', position, field] = serverPath.split('.');
  const top = TOP_LEVEL[head];
  if (!top) return null;
  if (head === 'pictures' || head === 'channels') return top;
  if (position === undefined || !/^\d+$/.test(position)) return top;
  const row = Number(position);
  switch (head) {
    case 'spu_list':
      return field && SKU_FIELDS[field] ? `skus.${row}.${SKU_FIELDS[field]}` : 'skus';
    case 'rent_list':
      return field && RENT_FIELDS[field] ? `rentPlans.${row}.${RENT_FIELDS[field]}` : 'rentPlans';
    case 'sell_list': {
      const sku = index.sellSkus[row];
      return sku !== undefined && field && SELL_FIELDS[field] ? `skus.${sku}.${SELL_FIELDS[field]}` : 'skus';
    }
    case 'package_list':
      return field && PACKAGE_FIELDS[field] ? `packages.${row}.${PACKAGE_FIELDS[field]}` : 'packages';
    default:
      return top;
  }
}

/** Server field errors grouped by form path; those with no place in the form under `null`. */
export function mapServerFields(
  fields: Record<string, readonly string[]>,
  index: PayloadIndex,
  /** Shown for a path the server names without a message (e.g. 1203's category_id). */
  fallback = '',
): { byPath: Record<string, string>; unplaced: string[] } {
  const byPath: Record<string, string> = {};
  const unplaced: string[] = [];
  for (const [serverPath, messages] of Object.entries(fields)) {
    const text = messages.join('; ') || fallback || serverPath;
    const path = formPathOf(serverPath, index);
    if (path === null) unplaced.push(`${serverPath}: ${text}`);
    else byPath[path] = byPath[path] ? `${byPath[path]}; ${text}` : text;
  }
  return { byPath, unplaced };
}
