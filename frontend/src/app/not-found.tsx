import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('notFound');
  return { title: t('title') };
}

/** The catch-all 404 page (routes.tsv: layout none, route *). */
export default async function NotFound() {
  const t = await getTranslations('notFound');
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="text-6xl font-bold text-brand-500" aria-hidden="true">
        404
      </p>
      <h1 className="text-xl font-semibold text-slate-900">{t('title')}</h1>
      <p className="max-w-md text-sm text-slate-600">{t('description')}</p>
      <Link href="/" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
        {t('back')}
      </Link>
    </main>
  );
}
