'use client';

import type { ReactNode } from 'react';
import { DetailQueryBody } from './DetailSection';
import { Button } from './ui/Button';
import { Dialog } from './ui/Dialog';

/**
 * One record's detail in a dialog, read by `query`: titled by the record once it answers,
 * its body (spinner, error with a retry, or `children` of the data), and a footer with the
 * record's own `actions` beside the close button. Its own file: the dialog library stays out
 * of the first load of screens that only use `DetailSection`.
 */
export function DetailDialog<T>({
  open,
  onClose,
  query,
  title,
  loadingTitle,
  errorTitle,
  closeLabel,
  width,
  actions,
  children,
}: {
  open: boolean;
  onClose: () => void;
  query: { isPending: boolean; isError: boolean; error?: unknown; data: T | undefined; refetch: () => unknown };
  title: (data: T) => string;
  loadingTitle: string;
  errorTitle: string;
  closeLabel: string;
  width?: number;
  actions?: (data: T) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  const data = query.data;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={data !== undefined ? title(data) : loadingTitle}
      width={width}
      footer={
        <>
          {data !== undefined && actions?.(data)}
          <Button variant="secondary" onClick={onClose}>
            {closeLabel}
          </Button>
        </>
      }
    >
      <DetailQueryBody query={query} errorTitle={errorTitle}>
        {children}
      </DetailQueryBody>
    </Dialog>
  );
}

/** A titled part of a detail dialog's body: an h3 under the dialog's own title, naming its
 * region for screen readers and tests; `hideTitle` keeps the heading for them only. */
export function DialogSection({ id, title, hideTitle, children }: { id: string; title: ReactNode; hideTitle?: boolean; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={hideTitle ? undefined : 'flex flex-col gap-2'}>
      <h3 id={id} className={hideTitle ? 'sr-only' : 'text-sm font-semibold text-slate-800'}>
        {title}
      </h3>
      {children}
    </section>
  );
}
