import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { UnitDetailScreen } from '@/features/assets/components/UnitDetailScreen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('assets.detail');
  return { title: t('pageTitle') };
}

export default function Page() {
  return <UnitDetailScreen />;
}
