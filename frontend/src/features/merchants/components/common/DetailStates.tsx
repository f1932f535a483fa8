'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { Spinner } from '@/components/ui/Spinner';

export function DetailLoading() {
  return (
    <div className="flex justify-center py-16">
      <Spinner />
    </div>
  );
}

export function DetailError({ title, onRetry }: { title: string; onRetry: () => void }) {
  const t = useTranslations('common');
  return <EmptyState tone="error" title={title} action={<Button variant="secondary" onClick={onRetry}>{t('retry')}</Button>} />;
}

/** `?id=` missing or not a positive integer. */
export function parseId(raw: string | null): number | null {
  if (!raw || !/^\d{1,12}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}
