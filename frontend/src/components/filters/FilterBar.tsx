'use client';

import { useTranslations } from 'next-intl';
import { Children, Fragment, isValidElement, useState, useSyncExternalStore, type ReactNode } from 'react';
import { lazyDialog } from '../lazyDialog';
import { Button } from '../ui/Button';
import { DateField } from '../ui/DateField';
import { USER_TEXT } from '../ui/UserText';

/** Below Tailwind's `sm` (640 px) the filters fold into a sheet. */
const PHONE_QUERY = '(max-width: 639.98px)';

function subscribePhone(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** True at phone width (the server and the first paint assume a desktop). */
export function usePhoneWidth(): boolean {
  return useSyncExternalStore(
    subscribePhone,
    () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}

// The sheet (Headless UI) loads the first time it opens: a list's first load leaves it out.
const FilterSheet = lazyDialog(
  () => import('./FilterSheet').then((module) => module.default),
  (props: { open: boolean }) => props.open,
);

/**
 * How many filters are set among the kit's pieces in `children` (a FilterSelect away from its
 * first option, a SearchBox with a keyword, a piece with its own `isSet` such as the merchant
 * filter), looking through fragments and plain elements.
 */
export function countActiveFilters(children: ReactNode): number {
  let count = 0;
  Children.forEach(children, (child) => {
    if (!isValidElement(child)) return;
    const props = child.props as { value?: unknown; initial?: unknown; options?: readonly FilterOption[]; children?: ReactNode };
    // A select is set when it leaves its first option (the "all" or the default, e.g. the sort).
    const isSet = (child.type as { isSet?: (props: unknown) => boolean }).isSet;
    if (typeof isSet === 'function') count += isSet(child.props) ? 1 : 0;
    else if (child.type === FilterSelect) count += props.value !== (props.options?.[0]?.value ?? '') ? 1 : 0;
    else if (child.type === SearchBox) count += props.initial ? 1 : 0;
    else if (child.type === DateField) count += (child.props as { value?: string }).value ? 1 : 0;
    else if (child.type === Fragment || typeof child.type === 'string') count += countActiveFilters(props.children);
  });
  return count;
}

/**
 * How every list filters (one way, decided once):
 * - the status is a row of pills (FilterPills) above the bar, with counts where the server gives them;
 * - every other dimension (category, merchant, type, role, sort) is a FilterSelect in the bar;
 * - the keyword is a SearchBox in the bar, applied on Enter or the search button.
 * All of it lives in the URL (useListUrlState).
 */
export function FilterBar({ children, active }: { children: ReactNode; /** Filters set, when the bar holds more than the kit's pieces count (see countActiveFilters). */ active?: number }) {
  const t = useTranslations('kit.filters');
  const phone = usePhoneWidth();
  const [open, setOpen] = useState(false);
  if (!phone) return <div className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3">{children}</div>;
  // At phone width the filters fold into a sheet: the list's first rows stay on the first screen.
  const count = active ?? countActiveFilters(children);
  return (
    <div className="flex items-center">
      <Button variant="secondary" aria-haspopup="dialog" aria-label={count > 0 ? t('openNamed', { count }) : t('open')} onClick={() => setOpen(true)}>
        <svg className="size-4" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
          <path fillRule="evenodd" d="M2.63 3.5A.75.75 0 0 1 3.25 3h13.5a.75.75 0 0 1 .58 1.23L12 10.7v5.05a.75.75 0 0 1-1.08.67l-2.5-1.25A.75.75 0 0 1 8 14.5v-3.8L2.67 4.23a.75.75 0 0 1-.04-.73Z" clipRule="evenodd" />
        </svg>
        {t('open')}
        {count > 0 && (
          <span data-filter-count className="rounded-full bg-brand-600 px-1.5 text-xs leading-5 font-semibold text-white tabular-nums">
            {count}
          </span>
        )}
      </Button>
      <FilterSheet open={open} onClose={() => setOpen(false)} title={t('sheetTitle')} done={t('done')}>
        {children}
      </FilterSheet>
    </div>
  );
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
