import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { PrivacyRequestsScreen } from '@/features/privacy/components/PrivacyRequestsScreen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('privacyRequests.list');
  return { title: t('title') };
}

/** Suspense: the screen reads its filters from the URL (useSearchParams). */
export default function Page() {
  return (
    <Suspense>
      <PrivacyRequestsScreen />
    </Suspense>
  );
}
