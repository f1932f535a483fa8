import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PrivacyRequestDetailScreen } from '@/features/privacy/components/PrivacyRequestDetailScreen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('privacyRequests.detail');
  return { title: t('pageTitle') };
}

export default function Page() {
  return <PrivacyRequestDetailScreen />;
}
