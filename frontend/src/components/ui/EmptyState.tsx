import type { ReactNode } from 'react';

export function EmptyState({ title, description, action, tone = 'neutral' }: {
  title: string;
  description?: string;
  action?: ReactNode;
  tone?: 'neutral' | 'error';
}) {
  return (
    <div role={tone === 'error' ? 'alert' : undefined} className="flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <svg className={`size-10 ${tone === 'error' ? 'text-red-400' : 'text-slate-300'}`} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
        {tone === 'error' ? (
          <path strokeLinecap="round" strokeLinejoin="round" d="M12 9v3.75m0 3.75h.008M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z" />
        ) : (
          <path strokeLinecap="round" strokeLinejoin="round" d="M20.25 7.5l-.625 10.632a2.25 2.25 0 0 1-2.247 2.118H6.622a2.25 2.25 0 0 1-2.247-2.118L3.75 7.5m16.5 0h-16.5m16.5 0-1.5-3h-13.5l-1.5 3m6.75 4.5h3" />
        )}
      </svg>
      <p className="text-sm font-medium text-slate-700">{title}</p>
      {description && <p className="text-sm text-slate-500">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
