import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { RechargeAuditScreen } from '@/features/risk/components/RechargeAuditScreen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('risk.audit');
  return { title: t('title') };
}

/** Suspense: the screen reads its filters from the URL (useSearchParams). */
export default function Page() {
  return (
    <Suspense>
      <RechargeAuditScreen />
    </Suspense>
  );
}
