import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { ShareLinkScreen } from '@/features/promotion/components/ShareLinkScreen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('promotion');
  return { title: t('pageTitle') };
}

/** Suspense: the screen reads its filters from the URL (useSearchParams). */
export default function Page() {
  return (
    <Suspense>
      <ShareLinkScreen />
    </Suspense>
  );
}
