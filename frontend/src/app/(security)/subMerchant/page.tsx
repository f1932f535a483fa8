import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { SubShopListScreen } from '@/features/subshops/components/SubShopListScreen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('subshop.list');
  return { title: t('pageTitle') };
}

/** Suspense: the screen reads its filters or id from the URL (useSearchParams). */
export default function Page() {
  return (
    <Suspense>
      <SubShopListScreen />
    </Suspense>
  );
}
