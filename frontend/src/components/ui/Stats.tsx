import type { ReactNode } from 'react';

export type StatTone = 'default' | 'danger' | 'muted' | 'primary';

export interface StatItem {
  /** Stable key and test hook. */
  id: string;
  label: string;
  value: ReactNode;
  /** `danger`: money owed; `muted`: a figure that is zero or only for reference; `primary`: the one figure the screen is read for (set apart). */
  tone?: StatTone;
}

const VALUE_TONES: Record<StatTone, string> = {
  default: 'text-slate-900',
  danger: 'text-red-700',
  muted: 'text-slate-500',
  primary: 'text-brand-700',
};

/**
 * A few headline figures side by side (money owed, counts): two a row on a phone, all in one
 * row from `sm` up. `compact` sets them smaller, for a block inside a detail screen.
 */
export function Stats({ items, compact = false }: { items: readonly StatItem[]; compact?: boolean }) {
  const columns = items.length >= 4 ? 'sm:grid-cols-4' : items.length === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2';
  return (
    <dl className={`grid grid-cols-2 gap-2 sm:gap-3 ${columns}`}>
      {items.map((item) => (
        <div key={item.id} data-stat={item.id} className={`min-w-0 rounded-md ${item.tone === 'primary' ? 'bg-brand-50 ring-1 ring-brand-100 ring-inset' : 'bg-slate-50'} ${compact ? 'px-3 py-2' : 'px-3 py-2 sm:px-4 sm:py-3'}`}>
          <dt className="text-xs text-slate-500">{item.label}</dt>
          <dd className={`mt-0.5 font-semibold tabular-nums [overflow-wrap:anywhere] ${compact ? 'text-sm' : 'text-base sm:text-lg'} ${VALUE_TONES[item.tone ?? 'default']}`}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
