import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { RecoveryReportScreen } from '@/features/recovery/components/RecoveryReportScreen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('recovery.report');
  return { title: t('pageTitle') };
}

/** Suspense: the screen reads its range from the URL (useSearchParams). */
export default function Page() {
  return (
    <Suspense>
      <RecoveryReportScreen />
    </Suspense>
  );
}
