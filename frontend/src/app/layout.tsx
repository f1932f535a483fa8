import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getMessages, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { Providers } from '@/components/Providers';
import { chunkGuardScript } from '@/lib/chunkGuard';
import { requestPlatformType } from '@/lib/serverSide';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('app');
  return { title: { default: t('defaultName'), template: `%s · ${t('defaultName')}` } };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [locale, messages, platformType, t] = await Promise.all([
    getLocale(),
    getMessages(),
    requestPlatformType(),
    getTranslations('chunkError'),
  ]);
  const guard = chunkGuardScript({ title: t('title'), description: t('description'), reload: t('reload') });
  return (
    <html lang={locale}>
      <head>
        {/* Must run before the page chunks load: see src/lib/chunkGuard.ts. */}
        <script dangerouslySetInnerHTML={{ __html: guard }} />
      </head>
      <body>
        <NextIntlClientProvider locale={locale} messages={messages}>
          <Providers platformType={platformType}>{children}</Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
