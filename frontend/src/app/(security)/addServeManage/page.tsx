import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { AddonManage } from '@/features/goods/components/addon/AddonManage';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('addon');
  return { title: t('pageTitle') };
}

/** Suspense: the screen reads its filters or id from the URL (useSearchParams). */
export default function Page() {
  return (
    <Suspense>
      <AddonManage />
    </Suspense>
  );
}
