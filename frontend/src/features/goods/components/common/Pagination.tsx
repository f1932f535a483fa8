'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/Button';

export function Pagination({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (page: number) => void }) {
  const t = useTranslations('goods.pagination');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label={t('label')} className="flex items-center justify-between gap-4 text-sm text-slate-600">
      <span>{t('summary', { total, page, pages })}</span>
      <div className="flex gap-2">
        <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('previous')}
        </Button>
        <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('next')}
        </Button>
      </div>
    </nav>
  );
}
