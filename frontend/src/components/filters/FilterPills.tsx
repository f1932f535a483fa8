'use client';

export interface PillOption<S extends string> {
  value: S | undefined;
  label: string;
  /** How many rows have this status, when the server counts them ("10000+" where it stopped counting). */
  count?: number | string;
}

/**
 * The status filter: one pill per status plus "all"; the pressed pill is the URL's status
 * (`showLabel`: the group's name before its pills, where two groups stand side by side). At
 * phone width the pills stay on one line that scrolls sideways (the list's rows stay on the
 * first screen); from `sm` they wrap.
 */
export function FilterPills<S extends string>({
  label,
  value,
  options,
  onChange,
  showLabel = false,
}: {
  label: string;
  value: S | undefined;
  options: readonly PillOption<S>[];
  onChange: (value: S | undefined) => void;
  /** The group's name shown before its pills (where two groups stand side by side). */
  showLabel?: boolean;
}) {
  return (
    <div role="group" aria-label={label} className="-mx-4 flex items-center gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0">
      {showLabel && (
        <span aria-hidden="true" className="shrink-0 text-xs font-medium whitespace-nowrap text-slate-500">
          {label}
        </span>
      )}
      {options.map((option) => {
        const pressed = option.value === value;
        return (
          <button
            key={option.value ?? 'all'}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(option.value)}
            className={`inline-flex shrink-0 items-center gap-1.5 rounded-full whitespace-nowrap px-3 py-1 text-sm font-medium ring-1 ring-inset transition ${
              pressed ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-600 ring-slate-300 hover:bg-slate-50'
            }`}
          >
            {option.label}
            {option.count !== undefined && (
              <span className={`rounded-full px-1.5 text-xs tabular-nums ${pressed ? 'bg-white/20' : 'bg-slate-100 text-slate-500'}`}>{option.count}</span>
            )}
          </button>
        );
      })}
    </div>
  );
}
