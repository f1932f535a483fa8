import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { ReconciliationScreen } from '@/features/reconciliation/components/ReconciliationScreen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('reconciliation.list');
  return { title: t('title') };
}

/** Suspense: the screen reads its filters from the URL (useSearchParams). */
export default function Page() {
  return (
    <Suspense>
      <ReconciliationScreen />
    </Suspense>
  );
}
