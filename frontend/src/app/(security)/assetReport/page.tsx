import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { AssetReportScreen } from '@/features/assets/components/AssetReportScreen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('assets.report');
  return { title: t('title') };
}

/** Suspense: the screen reads its filters from the URL (useSearchParams). */
export default function Page() {
  return (
    <Suspense>
      <AssetReportScreen />
    </Suspense>
  );
}
