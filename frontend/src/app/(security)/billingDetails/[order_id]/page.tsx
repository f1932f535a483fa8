import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { BillingDetailsScreen } from '@/features/finance/components/bills/BillingDetailsScreen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('order.bills');
  return { title: t('pageTitle') };
}

/** Suspense: the screen reads the platform's merchant id from the URL (useSearchParams). */
export default function Page() {
  return (
    <Suspense>
      <BillingDetailsScreen />
    </Suspense>
  );
}
