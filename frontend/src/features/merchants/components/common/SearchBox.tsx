'use client';

import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/Button';

/**
 * The keyword filter: applied on Enter or the search button (not on every key), so the URL and
 * the list change once per search. Remounted with a new `key` when the URL's keyword changes.
 */
export function SearchBox({ label, placeholder, initial, onSearch }: { label: string; placeholder?: string; initial: string; onSearch: (keyword: string) => void }) {
  const t = useTranslations('merchant.shared');
  const [value, setValue] = useState(initial);
  return (
    <form
      role="search"
      className="flex items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(value.trim());
      }}
    >
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
        {label}
        <input
          type="search"
          value={value}
          maxLength={50}
          placeholder={placeholder}
          onChange={(event) => setValue(event.target.value)}
          className="w-64 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-normal shadow-xs outline-none placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
        />
      </label>
      <Button type="submit" variant="secondary">
        {t('search')}
      </Button>
    </form>
  );
}

/** A compact select for a filter bar. */
export function FilterSelect({ label, value, options, onChange }: { label: string; value: string; options: readonly { value: string; label: string }[]; onChange: (value: string) => void }) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
      {label}
      <select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="min-w-32 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-normal shadow-xs outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function FilterBar({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white px-4 py-3">{children}</div>;
}
