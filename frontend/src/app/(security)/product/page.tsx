import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { GoodsEditor } from '@/features/goods/components/editor/GoodsEditor';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('goods.editor');
  return { title: t('pageTitle') };
}

/** Suspense: the screen reads its filters or id from the URL (useSearchParams). */
export default function Page() {
  return (
    <Suspense>
      <GoodsEditor />
    </Suspense>
  );
}
