'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/Button';
import { PAGE_SIZES, pageCount } from '../../lib/listState';

export function Pagination({ page, pageSize, total, onChange }: { page: number; pageSize: number; total: number; onChange: (patch: { page?: number; page_size?: number }) => void }) {
  const t = useTranslations('merchant.shared');
  const pages = pageCount(total, pageSize);
  return (
    <nav aria-label={t('pagination')} className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
      <p>{t('total', { total })}</p>
      <div className="flex items-center gap-2">
        <label className="flex items-center gap-2">
          <span>{t('pageSize')}</span>
          <select
            value={pageSize}
            onChange={(event) => onChange({ page_size: Number(event.target.value) })}
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <Button variant="secondary" className="px-2.5 py-1" disabled={page <= 1} onClick={() => onChange({ page: page - 1 })}>
          {t('previous')}
        </Button>
        <span aria-current="page" className="min-w-16 text-center tabular-nums">
          {t('pageOf', { page, pages })}
        </span>
        <Button variant="secondary" className="px-2.5 py-1" disabled={page >= pages} onClick={() => onChange({ page: page + 1 })}>
          {t('next')}
        </Button>
      </div>
    </nav>
  );
}
