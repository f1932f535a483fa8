import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { CustomersScreen } from '@/features/service/components/CustomersScreen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('service.customers');
  return { title: t('title') };
}

/** Suspense: the screen reads its filters from the URL (useSearchParams). */
export default function Page() {
  return (
    <Suspense>
      <CustomersScreen />
    </Suspense>
  );
}
