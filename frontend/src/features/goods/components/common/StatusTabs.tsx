'use client';

/** Status tabs with counts; the chosen status lives in the URL (a link per tab). */
export interface StatusTab {
  value: string;
  label: string;
  count?: number;
}

export function StatusTabs({ tabs, current, label, onSelect }: { tabs: StatusTab[]; current: string; label: string; onSelect: (value: string) => void }) {
  return (
    <div role="tablist" aria-label={label} className="flex flex-wrap gap-1 border-b border-slate-200">
      {tabs.map((tab) => {
        const selected = tab.value === current;
        return (
          <button
            key={tab.value}
            type="button"
            role="tab"
            aria-selected={selected}
            onClick={() => onSelect(tab.value)}
            className={`-mb-px flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium transition ${
              selected ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-800'
            }`}
          >
            {tab.label}
            {tab.count !== undefined && (
              <span className={`rounded-full px-1.5 py-0.5 text-xs tabular-nums ${selected ? 'bg-brand-50 text-brand-700' : 'bg-slate-100 text-slate-600'}`}>
                {tab.count}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
