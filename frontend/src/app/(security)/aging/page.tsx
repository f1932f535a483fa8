import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { AgingScreen } from '@/features/dashboard/components/AgingScreen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('aging');
  return { title: t('title') };
}

/** Suspense: the screen reads its merchant filter from the URL (useSearchParams). */
export default function Page() {
  return (
    <Suspense>
      <AgingScreen />
    </Suspense>
  );
}
