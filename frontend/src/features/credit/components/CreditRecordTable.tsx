'use client';

import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { formatCurrency, formatDate } from '@/components/format';
import { StatusBadge } from '@/components/StatusBadge';
import { Button } from '@/components/ui/Button';
import { USER_TEXT, UserText } from '@/components/ui/UserText';
import { correctable, recordStateTone } from '../lib/credit';
import type { CreditRecord } from '../queries';

/** The bureau's error codes the catalogue words (credit.bureauErrors.*). */
const BUREAU_ERRORS = ['E_ID_MISMATCH', 'E_AMOUNT', 'E_DATE', 'E_STATUS'] as const;
type BureauError = (typeof BUREAU_ERRORS)[number];

function isBureauError(code: string): code is BureauError {
  return (BUREAU_ERRORS as readonly string[]).includes(code);
}

/** Report records as cards (readable at phone width): kind, status code, amounts, state, feedback. */
export function CreditRecordTable({ records, onCorrect, linkOrders = false }: { records: readonly CreditRecord[]; onCorrect?: (record: CreditRecord) => void; linkOrders?: boolean }) {
  const t = useTranslations('credit');
  return (
    <ul className="flex flex-col gap-2">
      {records.map((record) => (
        <li key={record.id} data-credit-record={record.key} className="rounded-md border border-slate-200 p-3 text-sm">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-medium text-slate-900">{t(`kind.${record.kind}` as 'kind.open')}</span>
            {record.instalment !== null && <span className="text-slate-600">{t('instalment', { n: record.instalment })}</span>}
            <span className="rounded bg-slate-100 px-1.5 font-mono text-xs text-slate-700" title={t('statusCode')}>
              {record.account_type} · {record.status_code}
            </span>
            <StatusBadge tone={recordStateTone(record.state)}>{t(`state.${record.state}` as 'state.pending')}</StatusBadge>
            <span className="text-xs text-slate-500">{formatDate(record.occurred_on)}</span>
            {onCorrect && correctable(record.state) && (
              <Button variant="secondary" className="ml-auto px-2 py-0.5 text-xs" onClick={() => onCorrect(record)}>
                {t('correct.action')}
              </Button>
            )}
          </div>
          <p className="mt-1 text-xs text-slate-600">
            {t('amounts', { balance: formatCurrency(record.balance), due: formatCurrency(record.amount_due), paid: formatCurrency(record.amount_paid), overdue: formatCurrency(record.overdue_amount) })}
          </p>
          <p className="mt-0.5 font-mono text-xs text-slate-400">
            {record.record_no}
            {linkOrders && (
              <>
                {' · '}
                <Link href={`/orderInfo/${record.order_id}`} className="text-sky-700 hover:underline">
                  {record.order_no}
                </Link>
              </>
            )}
            {record.replaces_no ? ` · ${t('replaces', { no: record.replaces_no })}` : ''}
            {record.replaced_by_no ? ` · ${t('replacedBy', { no: record.replaced_by_no })}` : ''}
          </p>
          {record.errors.length > 0 && (
            <ul className="mt-1 text-xs text-red-700">
              {record.errors.map((error) => (
                <li key={error.code}>
                  <span className="font-mono" {...USER_TEXT}>
                    {error.code}
                  </span>{' '}
                  {/* The bureau's known codes read in the session's language; any other is its own words. */}
                  {isBureauError(error.code) ? t(`bureauErrors.${error.code}`) : <UserText>{error.message}</UserText>}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
