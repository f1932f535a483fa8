import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { AssetListScreen } from '@/features/assets/components/AssetListScreen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('assets.list');
  return { title: t('title') };
}

/** Suspense: the screen reads its filters from the URL (useSearchParams). */
export default function Page() {
  return (
    <Suspense>
      <AssetListScreen />
    </Suspense>
  );
}
