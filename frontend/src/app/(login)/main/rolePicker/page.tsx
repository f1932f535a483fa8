import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { Spinner } from '@/components/ui/Spinner';
import { RolePicker } from '@/features/auth/components/RolePicker';

/** Role selection; titled "login" like the login page (spec 2). */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('rolePicker');
  return { title: t('pageTitle') };
}

export default function RolePickerPage() {
  return (
    <Suspense fallback={<Spinner />}>
      <RolePicker />
    </Suspense>
  );
}
