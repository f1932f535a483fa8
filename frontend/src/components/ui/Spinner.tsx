import { useTranslations } from 'next-intl';

export function Spinner({ label, className = '' }: { label?: string; className?: string }) {
  const t = useTranslations('common');
  return (
    <span role="status" aria-live="polite" className={`inline-flex items-center gap-2 text-slate-500 ${className}`}>
      <svg className="size-5 animate-spin text-brand-500" viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <span>{label ?? t('loading')}</span>
    </span>
  );
}
