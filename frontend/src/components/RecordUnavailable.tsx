'use client';

import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { asApiError } from '@/lib/apiError';
import { EmptyState } from './ui/EmptyState';

/** The server's answers for a record the session may not see: absent, or not its own. */
const HIDDEN_CODES: ReadonlySet<number> = new Set([403, 404]);

/**
 * Whether a failed read was about the record, not the network: another shop's, another
 * sub-shop's or a deleted record answers NOT_FOUND (or FORBIDDEN) and is not worth a retry.
 * Reads that keep the server's code (`strictCall`) tell it; any other failure is not.
 */
export function isRecordUnavailable(error: unknown): boolean {
  const failure = asApiError(error);
  return failure !== null && HIDDEN_CODES.has(failure.code);
}

export interface BackTo {
  href: string;
  label: string;
}

/** "不存在或无权查看", with the way back to the list the record belongs to. */
export function RecordUnavailable({ back }: { back?: BackTo }) {
  const t = useTranslations('kit.recordUnavailable');
  return (
    <div data-record-unavailable>
      <EmptyState
        title={t('title')}
        description={t('hint')}
        action={
          back && (
            <Link href={back.href} className="text-sm font-medium text-brand-600 hover:text-brand-700">
              {back.label}
            </Link>
          )
        }
      />
    </div>
  );
}
