'use client';

import { useTranslations } from 'next-intl';
import { useEffect, type ReactNode } from 'react';
import { useGlobalStore } from '@/components/GlobalStateProvider';
import { LanguageSwitch } from '@/components/layout/LanguageSwitch';
import { USER_TEXT } from '@/components/ui/UserText';
import { useSiteInfo } from '@/features/site/queries';

/** The shop's (or platform's) name and logo as configured: user data (UserText). */
export function SiteBrand({ name, logo }: { name: string; logo?: string | null }) {
  return (
    <div className="flex min-w-0 items-center gap-2">
      {logo ? (
        // The logo is any URL the backend configures, so next/image's domain list cannot know it.
        // eslint-disable-next-line @next/next/no-img-element
        <img src={logo} alt="" className="size-8 rounded object-contain" />
      ) : (
        <span aria-hidden="true" className="flex size-8 items-center justify-center rounded bg-brand-600 text-sm font-bold text-white" {...USER_TEXT}>
          {name.slice(0, 1)}
        </span>
      )}
      <span title={name} className="min-w-0 truncate text-lg font-semibold text-slate-900" {...USER_TEXT}>{name}</span>
    </div>
  );
}

export function LoginFrame({ children }: { children: ReactNode }) {
  const t = useTranslations('app');
  const site = useSiteInfo();
  const store = useGlobalStore();
  useEffect(() => {
    if (site.data) store.setState({ siteName: site.data.name, logo: site.data.logo });
  }, [site.data, store]);
  const name = site.data?.name || t('defaultName');
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-br from-brand-50 via-white to-slate-100">
      <header className="flex items-center justify-between px-6 py-4">
        <div className="flex max-w-full min-w-0 items-center gap-3">
          <SiteBrand name={name} logo={site.data?.logo} />
          {/* On a merchant's host, whose shop this sign-in is for. */}
          {site.data?.merchant && <span title={site.data.merchant.name} className="min-w-0 truncate border-l border-slate-300 pl-3 text-sm text-slate-600">{site.data.merchant.name}</span>}
        </div>
        <LanguageSwitch />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-[8vh] pb-16">
        <div className="w-full max-w-sm rounded-xl bg-white p-8 shadow-lg ring-1 ring-slate-200">{children}</div>
      </main>
    </div>
  );
}
