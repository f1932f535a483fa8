/**
 * The checklist's rules on the screen (the server's are apps/assets/inspection_rules.py): how a
 * checked line passes or fails, what it costs from the price list, the damage total it adds up
 * to, and the lines as createInspection takes them.
 */
import type { InspectionLineBody, TemplateItem } from '../types';

export const SEVERITIES = ['minor', 'moderate', 'severe'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const COSMETIC_GRADES = ['A', 'B', 'C', 'D'] as const;
export type CosmeticGrade = (typeof COSMETIC_GRADES)[number];
export const OCCASIONS = ['return', 'exchange', 'receipt', 'periodic'] as const;
export const WORK_ORDER_KINDS = ['repair', 'refurbish', 'battery', 'clean', 'data_wipe'] as const;

export interface LineState {
  passed: boolean | null;
  value: string;
  choice: string;
  severity: Severity | '';
}

export function initialLines(items: readonly TemplateItem[]): Record<string, LineState> {
  return Object.fromEntries(items.map((item) => [item.code, { passed: null, value: '', choice: '', severity: '' }]));
}

/** Passed, failed, or null (not checked yet). */
export function linePassed(item: TemplateItem, line: LineState): boolean | null {
  if (item.kind === 'pass_fail') return line.passed;
  if (item.kind === 'number') {
    if (line.value.trim() === '' || Number.isNaN(Number(line.value))) return null;
    if (line.passed === false) return false;
    return item.min_pass === null ? true : Number(line.value) >= Number(item.min_pass);
  }
  if (!line.choice) return null;
  return !item.fail_choices.includes(line.choice);
}

/** In cents: a failed line with a severity costs the item's price for it. */
export function linePriceCents(item: TemplateItem, line: LineState): number {
  if (linePassed(item, line) !== false || !line.severity) return 0;
  return Math.round(Number(item.prices[line.severity] ?? '0') * 100);
}

/** The damage total the list gives (yuan, two places): priced lines plus the lock charge when a blocking item failed. */
export function damagePreview(items: readonly TemplateItem[], lines: Record<string, LineState>, quarantineFee: string): string {
  let cents = 0;
  let blocked = false;
  for (const item of items) {
    const line = lines[item.code];
    if (!line) continue;
    cents += linePriceCents(item, line);
    if (item.blocks_restock && linePassed(item, line) === false) blocked = true;
  }
  if (blocked) cents += Math.round(Number(quarantineFee || '0') * 100);
  return (cents / 100).toFixed(2);
}

/** The required items still unchecked, by code. */
export function missingRequired(items: readonly TemplateItem[], lines: Record<string, LineState>): string[] {
  return items.filter((item) => item.required && linePassed(item, lines[item.code] ?? { passed: null, value: '', choice: '', severity: '' }) === null).map((item) => item.code);
}

export function linesBody(items: readonly TemplateItem[], lines: Record<string, LineState>): InspectionLineBody[] {
  return items.flatMap((item) => {
    const line = lines[item.code];
    if (!line || linePassed(item, line) === null) return [];
    return [
      {
        code: item.code,
        passed: item.kind === 'choice' ? null : line.passed,
        value: item.kind === 'number' ? line.value.trim() : null,
        choice: item.kind === 'choice' ? line.choice : '',
        severity: linePassed(item, line) === false ? line.severity : '',
        note: '',
      },
    ];
  });
}
