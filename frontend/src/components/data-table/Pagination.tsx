'use client';

import { useTranslations } from 'next-intl';
import { Button } from '../ui/Button';
import { PAGE_SIZES, pageCount } from '../filters/listState';

export interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onChange: (patch: { page?: number; page_size?: number }) => void;
  /** Lists whose page size is fixed (histories) leave the size picker out. */
  sizes?: readonly number[] | null;
  /** The list stopped counting at `total` (`total_capped`): more rows follow, shown as
   * "10000+", and the next page stays open. */
  capped?: boolean;
}

/** The one pager: total, page size, previous / "page x of y" / next (past y while the total is only a lower bound). */
export function Pagination({ page, pageSize, total, onChange, sizes = PAGE_SIZES, capped = false }: PaginationProps) {
  const t = useTranslations('kit.pagination');
  const pages = pageCount(total, pageSize);
  return (
    <nav aria-label={t('label')} className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
      <p>{t(capped ? 'totalAtLeast' : 'total', { total })}</p>
      <div className="flex flex-wrap items-center gap-2">
        {sizes && (
          <label className="flex items-center gap-2">
            <span>{t('pageSize')}</span>
            <select value={pageSize} onChange={(event) => onChange({ page_size: Number(event.target.value) })} className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm">
              {sizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
        )}
        <Button variant="secondary" className="px-2.5 py-1" disabled={page <= 1} onClick={() => onChange({ page: page - 1 })}>
          {t('previous')}
        </Button>
        <span aria-current="page" className="min-w-16 text-center tabular-nums">
          {t(capped ? 'pageOfAtLeast' : 'pageOf', { page, pages })}
        </span>
        <Button variant="secondary" className="px-2.5 py-1" disabled={!capped && page >= pages} onClick={() => onChange({ page: page + 1 })}>
          {t('next')}
        </Button>
      </div>
    </nav>
  );
}
