'use client';

import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useState } from 'react';
import { matchRoute } from '@/lib/routes';
import type { SideMenuItem } from '@/lib/menu';
import { MenuIcon } from './MenuIcon';

function isCurrent(item: SideMenuItem, pathname: string): boolean {
  if (item.isGroup) return item.children.some((child) => isCurrent(child, pathname));
  return matchRoute(pathname)?.route.path === matchRoute(item.path)?.route.path;
}

function MenuEntry({ item, pathname, depth }: { item: SideMenuItem; pathname: string; depth: number }) {
  const router = useRouter();
  const current = isCurrent(item, pathname);
  const indent = depth > 0 ? 'pl-10' : 'pl-3';
  if (!item.isGroup) {
    return (
      <li>
        {/*
          Prefetched when reached for (hover, focus), not when shown: a menu of up to 30 screens
          otherwise asks the server for each of them while the screen loads its own data.
        */}
        <Link
          href={item.path}
          prefetch={false}
          onMouseEnter={() => router.prefetch(item.path)}
          onFocus={() => router.prefetch(item.path)}
          aria-current={current ? 'page' : undefined}
          className={`flex items-center gap-3 rounded-md py-2 pr-3 text-sm ${indent} ${current ? 'bg-brand-600 text-white' : 'text-slate-300 hover:bg-slate-800 hover:text-white'}`}
        >
          {depth === 0 && <MenuIcon name={item.icon} />}
          <span className="truncate">{item.name}</span>
        </Link>
      </li>
    );
  }
  return <MenuGroup item={item} pathname={pathname} depth={depth} defaultOpen={current || depth === 0} />;
}

/** A group that opens and closes (the disclosure pattern, without a UI library in the shell). */
function MenuGroup({ item, pathname, depth, defaultOpen }: { item: SideMenuItem; pathname: string; depth: number; defaultOpen: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const id = `menu-group${item.path.replace('/', '-')}`;
  return (
    <li>
      <button
        type="button"
        id={id}
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        data-open={open ? '' : undefined}
        onClick={() => setOpen((value) => !value)}
        className="group flex w-full items-center gap-3 rounded-md py-2 pr-3 pl-3 text-left text-sm text-slate-300 hover:bg-slate-800 hover:text-white"
      >
        <MenuIcon name={item.icon} />
        <span className="flex-1 truncate">{item.name}</span>
        <svg className="size-4 transition group-data-open:rotate-90" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
          <path d="M7.21 14.77a.75.75 0 0 1 .02-1.06L11.168 10 7.23 6.29a.75.75 0 1 1 1.04-1.08l4.5 4.25a.75.75 0 0 1 0 1.08l-4.5 4.25a.75.75 0 0 1-1.06-.02Z" />
        </svg>
      </button>
      {open && (
        <ul id={`${id}-panel`} className="mt-1 flex flex-col gap-1">
          {item.children.map((child) => (
            <MenuEntry key={`${child.id}-${child.path}`} item={child} pathname={pathname} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}

export function SideMenu({ items }: { items: SideMenuItem[] }) {
  const t = useTranslations('layout');
  const pathname = usePathname();
  return (
    <nav aria-label={t('mainMenu')} className="px-2 py-3">
      <ul className="flex flex-col gap-1">
        {items.map((item) => (
          <MenuEntry key={`${item.id}-${item.path}`} item={item} pathname={pathname} depth={0} />
        ))}
      </ul>
    </nav>
  );
}
