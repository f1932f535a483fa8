import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { OrderListScreen } from '@/features/orders/components/OrderListScreen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('order.stage');
  return { title: t('owing') };
}

/** Suspense: the screen reads its filters from the URL (useSearchParams). */
export default function Page() {
  return (
    <Suspense>
      <OrderListScreen stage="owing" scope="main" />
    </Suspense>
  );
}
