'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';

/** Error state of a list: what failed and a retry. */
export function ListError({ title, onRetry }: { title: string; onRetry: () => void }) {
  const t = useTranslations('common');
  return (
    <EmptyState
      tone="error"
      title={title}
      description={t('loadFailed')}
      action={
        <Button variant="secondary" onClick={onRetry}>
          {t('retry')}
        </Button>
      }
    />
  );
}

/** Skeleton rows shaped like the table they stand in for. */
export function TableSkeleton({ columns, rows = 6, label }: { columns: number; rows?: number; label: string }) {
  return (
    <div role="status" aria-label={label} aria-busy="true" className="overflow-hidden rounded-lg border border-slate-200 bg-white">
      <div className="h-10 border-b border-slate-200 bg-slate-50" />
      {Array.from({ length: rows }, (_, row) => (
        <div key={row} className="flex items-center gap-4 border-b border-slate-100 px-4 py-3 last:border-0">
          {Array.from({ length: columns }, (_, column) => (
            <div key={column} className={`h-4 animate-pulse rounded bg-slate-200 ${column === 0 ? 'w-1/4' : 'flex-1'}`} />
          ))}
        </div>
      ))}
      <span className="sr-only">{label}</span>
    </div>
  );
}
