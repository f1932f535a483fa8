import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { RecoveryScreen } from '@/features/recovery/components/RecoveryScreen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('recovery');
  return { title: t('pageTitle') };
}

/** Suspense: the screen reads its filters from the URL (useSearchParams). */
export default function Page() {
  return (
    <Suspense>
      <RecoveryScreen />
    </Suspense>
  );
}
