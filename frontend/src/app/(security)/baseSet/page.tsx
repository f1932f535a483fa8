import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { BaseSetScreen } from '@/features/service/components/BaseSetScreen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('service.baseSet');
  return { title: t('title') };
}

export default function Page() {
  return <BaseSetScreen />;
}
