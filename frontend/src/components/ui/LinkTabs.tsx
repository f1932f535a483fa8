'use client';

import Link from 'next/link';

export interface LinkTab {
  id: string;
  href: string;
  label: string;
  /** How many rows the tab holds, when the server counts them. */
  count?: number;
}

/**
 * Tabs that are links (each tab its own URL: a route, or the same route with another view), with
 * an optional count each. The row scrolls sideways on a phone rather than wrapping.
 */
export function LinkTabs({ label, tabs, current }: { label: string; tabs: readonly LinkTab[]; current: string }) {
  return (
    <nav aria-label={label} className="-mx-1 overflow-x-auto px-1">
      <ul className="flex min-w-max gap-1 border-b border-slate-200">
        {tabs.map((tab) => {
          const active = tab.id === current;
          return (
            <li key={tab.id}>
              <Link
                href={tab.href}
                aria-current={active ? 'page' : undefined}
                className={`-mb-px inline-flex items-center gap-1.5 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap ${
                  active ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-800'
                }`}
              >
                {tab.label}
                {tab.count !== undefined && <span className={`rounded-full px-1.5 text-xs tabular-nums ${active ? 'bg-brand-50 text-brand-700' : 'bg-slate-100 text-slate-500'}`}>{tab.count}</span>}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
