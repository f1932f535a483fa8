import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CaseDetailScreen } from '@/features/recovery/components/CaseDetailScreen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('recovery.detail');
  return { title: t('pageTitle') };
}

export default function Page() {
  return <CaseDetailScreen />;
}
