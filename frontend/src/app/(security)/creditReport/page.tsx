import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { CreditReportScreen } from '@/features/credit/components/CreditReportScreen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('credit');
  return { title: t('title') };
}

/** Suspense: the screen reads its state filter from the URL (useSearchParams). */
export default function Page() {
  return (
    <Suspense>
      <CreditReportScreen />
    </Suspense>
  );
}
