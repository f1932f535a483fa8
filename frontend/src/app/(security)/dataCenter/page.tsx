import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { DataCenterScreen } from '@/features/dashboard/components/DataCenterScreen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('dataCenter');
  return { title: t('title') };
}

/** Suspense: the screen reads its period from the URL (useSearchParams). */
export default function Page() {
  return (
    <Suspense>
      <DataCenterScreen />
    </Suspense>
  );
}
