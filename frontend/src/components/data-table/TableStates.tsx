'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';

/** A list failed to load: what failed and a retry. */
export function TableError({ title, onRetry }: { title: string; onRetry: () => void }) {
  const t = useTranslations('common');
  return (
    <EmptyState
      tone="error"
      title={title}
      description={t('loadFailed')}
      action={
        <Button variant="secondary" onClick={onRetry}>
          {t('retry')}
        </Button>
      }
    />
  );
}

/** A list with no rows: why, and what to do (create the first one, or clear the filters). */
export function TableEmpty({ title, description, action }: { title: string; description?: string; action?: ReactNode }) {
  return <EmptyState title={title} description={description} action={action} />;
}

/** The usual "nothing matches" state with a button that clears the filters. */
export function NoMatches({ title, description, onClear }: { title: string; description?: string; onClear: () => void }) {
  const t = useTranslations('kit.filters');
  return (
    <EmptyState
      title={title}
      description={description}
      action={
        <Button variant="secondary" onClick={onClear}>
          {t('clear')}
        </Button>
      }
    />
  );
}
