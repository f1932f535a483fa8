'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { LOCALE_COOKIE, LOCALES, isLocale } from '@/i18n/config';
import { ONE_YEAR_SECONDS, writeCookie } from '@/lib/cookies';

/** zh-CN / en; the choice is kept in a cookie the server reads on every request. */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const t = useTranslations('language');
  const locale = useLocale();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [pending, startTransition] = useTransition();
  return (
    <select
      aria-label={t('label')}
      value={locale}
      disabled={pending}
      onChange={(event) => {
        const next = event.target.value;
        if (!isLocale(next)) return;
        writeCookie(LOCALE_COOKIE, next, { maxAgeSeconds: ONE_YEAR_SECONDS });
        startTransition(() => router.refresh());
        // Menu names and server messages come back in the new language.
        void queryClient.invalidateQueries();
      }}
      className={`rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-700 ${className}`}
    >
      {LOCALES.map((option) => (
        // Each language is named in itself (简体中文, English): marked with its own lang.
        <option key={option} value={option} lang={option}>
          {t(option)}
        </option>
      ))}
    </select>
  );
}
