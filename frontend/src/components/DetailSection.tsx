'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { EMPTY_VALUE } from './format';
import { isRecordUnavailable, RecordUnavailable, type BackTo } from './RecordUnavailable';
import { Button } from './ui/Button';
import { EmptyState } from './ui/EmptyState';
import { Spinner } from './ui/Spinner';
import { WRAP_ANYWHERE } from './ui/Truncate';
import { USER_TEXT } from './ui/UserText';

/** A titled card of a detail screen; a region landmark so tests and screen readers find it by name. */
export function DetailSection({ title, actions, children, id }: { title: string; actions?: ReactNode; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-lg border border-slate-200 bg-white">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-4 py-3 sm:px-5">
        <h2 id={id} className="text-sm font-semibold text-slate-800">
          {title}
        </h2>
        {actions && <div className="flex items-center gap-2">{actions}</div>}
      </div>
      <div className="p-4 sm:p-5">{children}</div>
    </section>
  );
}

export function Facts({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">{children}</dl>;
}

/**
 * One labelled value; an empty one shows "—". `userText`: the value is what a person typed or
 * an outside party sent (a name, an address, a remark), marked as user data (UserText).
 */
export function Fact({ label, children, userText = false }: { label: string; children: ReactNode; userText?: boolean }) {
  const empty = children === '' || children === null || children === undefined;
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={`mt-0.5 text-sm text-slate-900 ${WRAP_ANYWHERE}`} {...(userText && !empty ? USER_TEXT : {})}>
        {empty ? EMPTY_VALUE : children}
      </dd>
    </div>
  );
}

export function DetailLoading() {
  return (
    <div className="flex justify-center py-16">
      <Spinner />
    </div>
  );
}

/**
 * A detail that failed to load: a record the session may not see (`error` NOT_FOUND or
 * FORBIDDEN) says so with the way `back`; any other failure offers a retry.
 */
export function DetailError({ title, onRetry, error, back }: { title: string; onRetry: () => void; error?: unknown; back?: BackTo }) {
  const t = useTranslations('common');
  if (isRecordUnavailable(error)) return <RecordUnavailable back={back} />;
  return <EmptyState tone="error" title={title} action={<Button variant="secondary" onClick={onRetry}>{t('retry')}</Button>} />;
}

/** A detail's body once its query answers: the spinner while it is pending, the error with a
 * retry when it failed (or answered nothing; a record the session may not see says so), else
 * what `children` makes of its data. */
export function DetailQueryBody<T>({
  query,
  errorTitle,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error?: unknown; data: T | undefined; refetch: () => unknown };
  errorTitle: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <DetailLoading />;
  if (query.isError || query.data === undefined) return <DetailError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}

/** `?id=` missing or not a positive integer. */
export function parseId(raw: string | null): number | null {
  if (!raw || !/^\d{1,12}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}
