import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { DevelopersScreen } from '@/features/developers/components/DevelopersScreen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('developers');
  return { title: t('title') };
}

/** Suspense: the screen reads its view and filters from the URL (useSearchParams). */
export default function Page() {
  return (
    <Suspense>
      <DevelopersScreen />
    </Suspense>
  );
}
