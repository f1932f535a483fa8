import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { fixturesEnabled } from '@/lib/serverSide';

/**
 * Browser-test fixture: a registry route that needs an action no role is granted
 * (FIXTURE_FORBIDDEN_ACTION), so the security layout must show the forbidden page.
 */
export default async function ForbiddenFixturePage() {
  if (!fixturesEnabled()) notFound();
  const t = await getTranslations('e2e');
  return <h1>{t('forbiddenTitle')}</h1>;
}
