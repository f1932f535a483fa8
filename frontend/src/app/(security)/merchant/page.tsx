import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { MerchantListScreen } from '@/features/merchants/components/MerchantListScreen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('merchant.list');
  return { title: t('pageTitle') };
}

/** Suspense: the screen reads its filters or id from the URL (useSearchParams). */
export default function Page() {
  return (
    <Suspense>
      <MerchantListScreen />
    </Suspense>
  );
}
