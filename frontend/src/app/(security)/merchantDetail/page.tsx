import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { MerchantDetailScreen } from '@/features/merchants/components/MerchantDetailScreen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('merchant.detail');
  return { title: t('pageTitle') };
}

/** Suspense: the screen reads its filters or id from the URL (useSearchParams). */
export default function Page() {
  return (
    <Suspense>
      <MerchantDetailScreen />
    </Suspense>
  );
}
