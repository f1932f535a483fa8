import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { WORKBENCH_PATH } from '@/lib/routes';

/** Shown instead of a page the current role may not open. */
export function Forbidden() {
  const t = useTranslations('forbidden');
  return (
    <section aria-labelledby="forbidden-title" className="mx-auto flex max-w-md flex-col items-center gap-3 px-6 py-16 text-center">
      <p className="text-5xl font-bold text-amber-500" aria-hidden="true">
        403
      </p>
      <h1 id="forbidden-title" className="text-xl font-semibold text-slate-900">
        {t('title')}
      </h1>
      <p className="text-sm text-slate-600">{t('description')}</p>
      <Link href={WORKBENCH_PATH} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
        {t('back')}
      </Link>
    </section>
  );
}
