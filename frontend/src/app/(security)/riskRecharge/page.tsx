import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { RiskRechargeScreen } from '@/features/risk/components/RiskRechargeScreen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('risk.balance');
  return { title: t('title') };
}

/** Suspense: the screen reads its view and filters from the URL (useSearchParams). */
export default function Page() {
  return (
    <Suspense>
      <RiskRechargeScreen />
    </Suspense>
  );
}
