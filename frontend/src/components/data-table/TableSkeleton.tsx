import { useTranslations } from 'next-intl';

/** The table's shape while the first page loads, so the screen does not jump when rows arrive. */
export function TableSkeleton({ headers, rows = 6, label }: { headers: readonly string[]; rows?: number; label: string }) {
  const t = useTranslations('common');
  return (
    <div className="max-w-full overflow-hidden rounded-lg border border-slate-200 bg-white" aria-busy="true">
      <span role="status" className="sr-only">
        {t('loading')}
      </span>
      <table aria-label={label} className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50">
          <tr>
            {headers.map((header, column) => (
              <th key={`${header}-${column}`} scope="col" className="px-4 py-2.5 text-left font-medium whitespace-nowrap text-slate-600">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100" aria-hidden="true">
          {Array.from({ length: rows }, (_, row) => (
            <tr key={row}>
              {headers.map((header, column) => (
                <td key={`${header}-${column}`} className="px-4 py-3.5">
                  <div className="h-3 animate-pulse rounded bg-slate-200" style={{ width: `${45 + ((row * 7 + column * 13) % 45)}%` }} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
