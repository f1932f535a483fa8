import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { fixturesEnabled } from '@/lib/serverSide';

/** Browser-test fixture: the security layout holding a same-origin frame that uses the frame bridge. */
export default async function FrameHostFixturePage({ searchParams }: { searchParams: Promise<{ to?: string }> }) {
  if (!fixturesEnabled()) notFound();
  const t = await getTranslations('e2e');
  const { to = '/' } = await searchParams;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-semibold">{t('frameHostTitle')}</h1>
      <iframe title={t('frameTitle')} src={`/e2e/frameChild?to=${encodeURIComponent(to)}`} className="h-40 w-full rounded border border-slate-200 bg-white" />
    </div>
  );
}
