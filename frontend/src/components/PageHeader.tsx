import Link from 'next/link';
import type { ReactNode } from 'react';
import { Breakable } from './ui/Breakable';
import { WRAP_ANYWHERE } from './ui/Truncate';

const HEADING = 'text-xl font-semibold text-slate-900';

/** A screen's title (a record's name in a UserText on a detail screen), what it is for, its main actions, and an optional way back. */
export function PageHeader({ title, description, actions, back }: { title: ReactNode; description?: ReactNode; actions?: ReactNode; back?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0 flex-1">
        {back}
        {/* A title holding an order number or a domain breaks between its parts at phone width;
            one with a record's name in it (a UserText) wraps anywhere. */}
        {typeof title === 'string' ? (
          <Breakable as="h1" text={title} className={HEADING} />
        ) : (
          <h1 className={`${HEADING} ${WRAP_ANYWHERE}`}>{title}</h1>
        )}
        {description && <div className="mt-1 text-sm text-slate-600">{description}</div>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}

export function BackLink({ href, children }: { href: string; children: string }) {
  return (
    <Link href={href} className="mb-1 inline-flex items-center gap-1 text-sm text-slate-500 hover:text-brand-700">
      <svg className="size-4" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
        <path fillRule="evenodd" d="M12.79 5.23a.75.75 0 0 1-.02 1.06L8.832 10l3.938 3.71a.75.75 0 1 1-1.04 1.08l-4.5-4.25a.75.75 0 0 1 0-1.08l4.5-4.25a.75.75 0 0 1 1.06.02Z" clipRule="evenodd" />
      </svg>
      {children}
    </Link>
  );
}
