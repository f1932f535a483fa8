import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { OrderDetailScreen } from '@/features/orders/components/detail/OrderDetailScreen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('order.detail');
  return { title: t('pageTitle') };
}

/** Suspense: the screen reads the platform's merchant id from the URL (useSearchParams). */
export default function Page() {
  return (
    <Suspense>
      <OrderDetailScreen />
    </Suspense>
  );
}
