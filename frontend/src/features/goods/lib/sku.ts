/**
 * Specs → SKUs: every combination of the spec values is one SKU. Regenerating keeps what the
 * merchant already typed (id, code, stock, prices) for combinations that still exist.
 */
import type { TrackedParts } from './trackedStock';

export interface SpecDefinition {
  name: string;
  /** Values as typed: separated by commas (, ，) or 、. */
  values: string;
}

export interface SkuDraft {
  /** Stable key of the combination, used to link rent plans to their SKU in the form. */
  key: string;
  id?: number;
  specs: Record<string, string>;
  code: string;
  stock: string;
  /** A saved SKU tracked by unit: its stock is its units, shown and never typed. */
  tracked?: TrackedParts;
  sell_price: string;
  original_price: string;
}

export function splitSpecValues(text: string): string[] {
  const seen = new Set<string>();
  for (const raw of text.split(/[,，、]/)) {
    const value = raw.trim();
    if (value) seen.add(value);
  }
  return [...seen];
}

/** Spec definitions with a name and at least one value, names de-duplicated (first wins). */
export function usableSpecs(specs: readonly SpecDefinition[]): { name: string; values: string[] }[] {
  const names = new Set<string>();
  const usable: { name: string; values: string[] }[] = [];
  for (const spec of specs) {
    const name = spec.name.trim();
    const values = splitSpecValues(spec.values);
    if (!name || values.length === 0 || names.has(name)) continue;
    names.add(name);
    usable.push({ name, values });
  }
  return usable;
}

/** The key of a combination: independent of the order of the spec names. */
export function skuKey(specs: Record<string, string>): string {
  const entries = Object.entries(specs).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entries.length === 0 ? '∅' : entries.map(([name, value]) => `${name}=${value}`).join('|');
}

/** "黑色 / 256G"; an item without specs is its single default SKU. */
export function skuLabel(specs: Record<string, string>, defaultLabel: string): string {
  const values = Object.values(specs);
  return values.length === 0 ? defaultLabel : values.join(' / ');
}

function combinations(specs: { name: string; values: string[] }[]): Record<string, string>[] {
  return specs.reduce<Record<string, string>[]>(
    (rows, spec) => rows.flatMap((row) => spec.values.map((value) => ({ ...row, [spec.name]: value }))),
    [{}],
  );
}

export function generateSkus(specs: readonly SpecDefinition[], existing: readonly SkuDraft[]): SkuDraft[] {
  const byKey = new Map(existing.map((sku) => [sku.key, sku]));
  return combinations(usableSpecs(specs)).map((combo) => {
    const key = skuKey(combo);
    const kept = byKey.get(key);
    return kept
      ? { ...kept, specs: combo }
      : { key, specs: combo, code: '', stock: '0', sell_price: '', original_price: '' };
  });
}

/** The spec definitions that produce a list of SKUs (when an item is loaded for editing). */
export function specsFromSkus(skus: readonly { specs: Record<string, string> }[]): SpecDefinition[] {
  const order: string[] = [];
  const values = new Map<string, string[]>();
  for (const sku of skus) {
    for (const [name, value] of Object.entries(sku.specs)) {
      if (!values.has(name)) {
        values.set(name, []);
        order.push(name);
      }
      const list = values.get(name)!;
      if (!list.includes(value)) list.push(value);
    }
  }
  return order.map((name) => ({ name, values: values.get(name)!.join(', ') }));
}
