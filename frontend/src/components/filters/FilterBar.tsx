'use client';

import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { Button } from '../ui/Button';
import { USER_TEXT } from '../ui/UserText';

/**
 * How every list filters (one way, decided once):
 * - the status is a row of pills (FilterPills) above the bar, with counts where the server gives them;
 * - every other dimension (category, merchant, type, role, sort) is a FilterSelect in the bar;
 * - the keyword is a SearchBox in the bar, applied on Enter or the search button.
 * All of it lives in the URL (useListUrlState).
 */
export function FilterBar({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3">{children}</div>;
}

/**
 * The keyword filter: applied on Enter or the search button (not on every key), so the URL and
 * the list change once per search. Remount it with `key={keyword}` so the URL's keyword shows.
 */
export function SearchBox({ label, placeholder, initial, onSearch }: { label: string; placeholder?: string; initial: string; onSearch: (keyword: string) => void }) {
  const t = useTranslations('kit.filters');
  const [value, setValue] = useState(initial);
  return (
    <form
      role="search"
      className="flex w-full items-end gap-2 sm:w-auto"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(value.trim());
      }}
    >
      <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium text-slate-700">
        {label}
        <input
          type="search"
          value={value}
          maxLength={50}
          placeholder={placeholder}
          onChange={(event) => setValue(event.target.value)}
          className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-normal shadow-xs outline-none placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 sm:w-64"
        />
      </label>
      <Button type="submit" variant="secondary">
        {t('search')}
      </Button>
    </form>
  );
}

export interface FilterOption {
  value: string;
  label: string;
  /** The label is a record's name (a merchant, a category): marked as user data (UserText). */
  userText?: boolean;
}

/** A select for one filter dimension; the first option is usually "all" with value "". */
export function FilterSelect({ label, value, options, onChange, className = '' }: { label: string; value: string; options: readonly FilterOption[]; onChange: (value: string) => void; className?: string }) {
  return (
    <label className={`flex min-w-0 flex-col gap-1 text-sm font-medium text-slate-700 ${className}`}>
      {label}
      <select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="w-full max-w-full min-w-32 truncate rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-normal shadow-xs outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100 sm:max-w-64"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} title={option.label} {...(option.userText ? USER_TEXT : {})}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
