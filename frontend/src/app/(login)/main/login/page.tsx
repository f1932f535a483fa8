import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LoginForm } from '@/features/auth/components/LoginForm';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('login');
  return { title: t('pageTitle') };
}

export default function LoginPage() {
  // No Suspense boundary: the form reads the target only when sent, so the prerendered page
  // is the form itself (its first paint), not a loading fallback.
  return <LoginForm />;
}
