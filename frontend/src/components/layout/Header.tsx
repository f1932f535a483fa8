'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Role, SessionUser } from '@/api/types';
import { useChooseRole, useLogout } from '@/features/auth/queries';
import { useGlobalState } from '@/components/GlobalStateProvider';
import { notify } from '@/lib/notice';
import { LOGIN_PATH } from '@/lib/routes';
import { USER_TEXT } from '@/components/ui/UserText';
import { LanguageSwitch } from './LanguageSwitch';
import { IconButton } from '@/components/ui/IconButton';

export function Header({ user, roles, currentRole, onOpenMenu }: { user: SessionUser; roles: readonly Role[]; currentRole: Role | null; onOpenMenu?: () => void }) {
  const t = useTranslations('layout');
  const router = useRouter();
  const platformType = useGlobalState((state) => state.platformType);
  const chooseRole = useChooseRole(platformType);
  const logout = useLogout(platformType);
  const displayName = user.name || user.username;

  const switchRole = async (role: Role) => {
    const session = await chooseRole.mutateAsync(role.id).catch(() => null);
    if (session) notify({ kind: 'success', message: { key: 'layout.roleSwitched', values: { role: role.name } } });
  };

  // The account menu (the menu-button pattern), written out so the shell carries no UI library.
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const close = (focusButton = false) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  };
  const items = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled])') ?? [])];
  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);
  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      list[(index + step + list.length) % list.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      list[event.key === 'Home' ? 0 : list.length - 1]?.focus();
    }
  };

  const signOut = async () => {
    await logout.mutateAsync().catch(() => null);
    router.replace(LOGIN_PATH);
  };

  return (
    <header className="flex h-14 items-center justify-end gap-2 border-b border-slate-200 bg-white px-4 sm:gap-4 md:px-6">
      {onOpenMenu && (
        <IconButton onClick={onOpenMenu} label={t('openMenu')} className="mr-auto rounded-md p-2 text-slate-600 hover:bg-slate-100 md:hidden">
          <svg className="size-6" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
            <path strokeLinecap="round" strokeLinejoin="round" d="M3.75 6.75h16.5M3.75 12h16.5m-16.5 5.25h16.5" />
          </svg>
        </IconButton>
      )}
      <LanguageSwitch />
      <div ref={rootRef} className="relative">
        <button
          ref={buttonRef}
          type="button"
          id={`${menuId}-button`}
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          onClick={() => setOpen((value) => !value)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
              event.preventDefault();
              setOpen(true);
            }
          }}
          className="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100"
        >
          <span aria-hidden="true" className="flex size-7 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-700" {...USER_TEXT}>
            {displayName.slice(0, 1).toUpperCase()}
          </span>
          <span className="hidden max-w-40 min-w-0 flex-col items-start leading-tight sm:flex">
            <span title={displayName} className="max-w-full truncate font-medium" {...USER_TEXT}>{displayName}</span>
            {currentRole && <span className="text-xs text-slate-500">{currentRole.name}</span>}
          </span>
          <svg className="size-4 text-slate-400" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
            <path d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z" />
          </svg>
        </button>
        {open && (
          <div
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-labelledby={`${menuId}-button`}
            tabIndex={-1}
            onKeyDown={onMenuKeyDown}
            className="absolute right-0 z-40 mt-1 w-56 rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-slate-200 focus:outline-none"
          >
            {roles.length > 1 && (
              <>
                <div role="group" aria-labelledby={`${menuId}-roles`}>
                  <div id={`${menuId}-roles`} role="presentation" className="px-3 py-1.5 text-xs font-medium text-slate-500">{t('switchRole')}</div>
                  {roles.map((role) => {
                    const isCurrent = role.id === currentRole?.id;
                    const disabled = isCurrent || chooseRole.isPending;
                    return (
                      <button
                        key={role.id}
                        type="button"
                        role="menuitem"
                        tabIndex={-1}
                        aria-disabled={disabled || undefined}
                        data-disabled={disabled ? '' : undefined}
                        onClick={() => {
                          if (disabled) return;
                          close();
                          void switchRole(role);
                        }}
                        aria-current={isCurrent ? 'true' : undefined}
                        className="flex w-full items-center justify-between px-3 py-2 text-left text-slate-700 outline-none hover:bg-slate-100 focus:bg-slate-100 data-disabled:text-slate-400"
                      >
                        <span>{role.name}</span>
                        {isCurrent && <span className="text-xs text-brand-600">{t('currentRole')}</span>}
                      </button>
                    );
                  })}
                </div>
                <div role="separator" className="my-1 h-px bg-slate-200" />
              </>
            )}
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                close();
                void signOut();
              }}
              className="block w-full px-3 py-2 text-left text-slate-700 outline-none hover:bg-slate-100 focus:bg-slate-100"
            >
              {t('logout')}
            </button>
          </div>
        )}
      </div>
    </header>
  );
}
