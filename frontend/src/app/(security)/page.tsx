import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Workbench } from '@/features/workbench/components/Workbench';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('workbench');
  return { title: t('title') };
}

export default function WorkbenchPage() {
  return <Workbench />;
}
