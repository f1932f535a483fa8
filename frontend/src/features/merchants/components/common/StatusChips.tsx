'use client';

/** Quick status filter: one chip per status plus "all"; the pressed chip is the URL's status. */
export function StatusChips<S extends string>({ label, value, options, onChange }: { label: string; value: S | undefined; options: readonly { value: S | undefined; label: string }[]; onChange: (value: S | undefined) => void }) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {options.map((option) => {
        const pressed = option.value === value;
        return (
          <button
            key={option.value ?? 'all'}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(option.value)}
            className={`rounded-full px-3 py-1 text-sm font-medium ring-1 ring-inset transition ${
              pressed ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-600 ring-slate-300 hover:bg-slate-50'
            }`}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
