'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Button } from './ui/Button';
import { Dialog } from './ui/Dialog';
import { EmptyState } from './ui/EmptyState';
import { Spinner } from './ui/Spinner';

/**
 * A dialog whose content waits for a query (a shop's settings before their form opens): a
 * spinner while it loads, the failure with a retry, else `children` of the data (a read-only
 * view); closed by its one button.
 */
export function QueryDialog<T>({
  title,
  width,
  errorTitle,
  query,
  onClose,
  children,
}: {
  title: string;
  width?: number;
  errorTitle: string;
  query: { isPending: boolean; isError: boolean; data: T | undefined; refetch: () => unknown };
  onClose: () => void;
  children?: (data: T) => ReactNode;
}) {
  const common = useTranslations('common');
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      width={width}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {common('close')}
        </Button>
      }
    >
      {query.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      ) : query.isError || query.data === undefined || !children ? (
        <EmptyState
          tone="error"
          title={errorTitle}
          action={
            <Button variant="secondary" onClick={() => void query.refetch()}>
              {common('retry')}
            </Button>
          }
        />
      ) : (
        children(query.data)
      )}
    </Dialog>
  );
}
