import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ApplyWithdrawalScreen } from '@/features/withdrawals/components/ApplyWithdrawalScreen';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('withdrawal.apply');
  return { title: t('title') };
}

export default function Page() {
  return <ApplyWithdrawalScreen />;
}
