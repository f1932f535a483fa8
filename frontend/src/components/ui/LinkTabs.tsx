'use client';

import Link from 'next/link';
import { useEffect, useRef } from 'react';

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
  const row = useRef<HTMLElement>(null);
  const currentTab = useRef<HTMLAnchorElement>(null);
  // On a phone the row is wider than the screen: the current tab is scrolled into sight, again
  // once the counts arrive and widen the tabs before it.
  const widths = tabs.map((tab) => `${tab.label}:${tab.count ?? ''}`).join('|');
  useEffect(() => {
    // Sideways only: the page itself never moves.
    const box = row.current?.getBoundingClientRect();
    const tab = currentTab.current?.getBoundingClientRect();
    if (!row.current || !box || !tab) return;
    if (tab.right > box.right) row.current.scrollLeft += tab.right - box.right;
    else if (tab.left < box.left) row.current.scrollLeft -= box.left - tab.left;
  }, [current, widths]);
  return (
    <nav ref={row} aria-label={label} className="-mx-1 overflow-x-auto px-1">
      <ul className="flex min-w-max gap-1 border-b border-slate-200">
        {tabs.map((tab) => {
          const active = tab.id === current;
          return (
            <li key={tab.id}>
              <Link
                ref={active ? currentTab : undefined}
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
