import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { BillListScreen } from '@/features/finance/components/BillListScreen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('finance.billList');
  return { title: t('pageTitle') };
}

/** Suspense: the screen reads its filters from the URL (useSearchParams). */
export default function Page() {
  return (
    <Suspense>
      <BillListScreen />
    </Suspense>
  );
}
