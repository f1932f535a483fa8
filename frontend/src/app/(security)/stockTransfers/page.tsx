import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { TransferListScreen } from '@/features/assets/components/TransferListScreen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('assets.transfers');
  return { title: t('title') };
}

/** Suspense: the screen reads its filters from the URL (useSearchParams). */
export default function Page() {
  return (
    <Suspense>
      <TransferListScreen />
    </Suspense>
  );
}
