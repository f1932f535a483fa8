'use client';

import { formatCurrency, formatDate } from '@/components/format';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { Stats, type StatItem } from '@/components/ui/Stats';
import { asApiError } from '@/lib/apiError';
import { isPositive } from '../../lib/money';
import { shareText } from '../../lib/returns';
import { useReturnQuote, type OrderRef, type ReturnQuote } from '../../queries';
import { useOrderText } from '../labels';

/** `return`: opening a return (what ending now costs); `inspect`: the damage's split with the deposit. */
export type QuoteMode = 'return' | 'inspect';

/** Why the early-termination fee applies, and how it is counted. */
function feeReason(quote: ReturnQuote, t: ReturnType<typeof useOrderText>['t']): string {
  const rule = quote.fee_mode === 'rate' ? t('returnQuote.feeRule.rate', { share: shareText(quote.fee_value) }) : quote.fee_mode === 'fixed' ? t('returnQuote.feeRule.fixed', { amount: formatCurrency(quote.fee_value) }) : t('returnQuote.feeRule.none');
  return t('returnQuote.beforeMinTerm', { term: quote.min_term, date: formatDate(quote.min_term_end), rule });
}

/** The quote as figures and lines (no fetching: the dialogs and the tests give it a quote). */
export function ReturnQuoteView({ quote, mode }: { quote: ReturnQuote; mode: QuoteMode }) {
  const { t, label } = useOrderText();
  const owed = isPositive(quote.owed_after_deposit);
  const items: StatItem[] =
    mode === 'return'
      ? [
          { id: 'billsOwed', label: t('returnQuote.billsOwed', { count: quote.bills_owed_count }), value: formatCurrency(quote.bills_owed), tone: isPositive(quote.bills_owed) ? 'default' : 'muted' },
          { id: 'rentCancelled', label: t('returnQuote.rentCancelled', { count: quote.bills_cancelled_count }), value: formatCurrency(quote.rent_cancelled), tone: 'muted' },
          { id: 'terminationFee', label: t('returnQuote.terminationFee'), value: formatCurrency(quote.termination_fee), tone: isPositive(quote.termination_fee) ? 'danger' : 'muted' },
          { id: 'depositApplied', label: t('returnQuote.depositApplied'), value: formatCurrency(quote.deposit_applied), tone: isPositive(quote.deposit_applied) ? 'default' : 'muted' },
        ]
      : [
          { id: 'damage', label: t('returnQuote.damage'), value: formatCurrency(quote.damage_amount), tone: isPositive(quote.damage_amount) ? 'default' : 'muted' },
          { id: 'depositAvailable', label: t('returnQuote.depositAvailable'), value: formatCurrency(quote.deposit_available), tone: 'muted' },
          { id: 'depositApplied', label: t('returnQuote.depositApplied'), value: formatCurrency(quote.deposit_applied), tone: isPositive(quote.deposit_applied) ? 'default' : 'muted' },
        ];
  items.push({ id: 'owedAfterDeposit', label: t('returnQuote.owedAfterDeposit'), value: formatCurrency(quote.owed_after_deposit), tone: owed ? 'danger' : 'primary' });
  return (
    <section aria-label={t('returnQuote.label')} data-testid="return-quote" className="flex flex-col gap-3">
      <p className="text-sm text-slate-600">{t('returnQuote.asOf', { date: formatDate(quote.return_date), total: formatCurrency(quote.total_owed) })}</p>
      <Stats items={items} compact />
      {isPositive(quote.termination_fee) && quote.before_min_term && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="return-quote-fee">
          {feeReason(quote, t)}
        </p>
      )}
      <p className={`text-sm ${owed ? 'font-medium text-red-700' : 'text-emerald-700'}`} data-testid="return-quote-split">
        {owed
          ? t('returnQuote.split', { covered: formatCurrency(quote.deposit_applied), owed: formatCurrency(quote.owed_after_deposit) })
          : t('returnQuote.covered', { covered: formatCurrency(quote.deposit_applied), thawed: formatCurrency(quote.deposit_thawed) })}
      </p>
      {quote.lines.length > 0 && (
        <details className="rounded-md border border-slate-200 text-sm">
          <summary className="cursor-pointer px-3 py-2 font-medium text-slate-700">{t('returnQuote.linesSummary', { count: quote.lines.length })}</summary>
          <ul className="divide-y divide-slate-100 border-t border-slate-200" aria-label={t('returnQuote.linesLabel')}>
            {quote.lines.map((line, index) => (
              <li key={`${line.kind}-${line.period ?? index}`} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 px-3 py-1.5">
                <span className="whitespace-nowrap">
                  {line.kind === 'lease' && line.period !== null ? t('bills.period', { period: line.period }) : label('bills.kinds', line.kind)}
                  {line.due_date && <span className="ml-2 text-xs text-slate-500 tabular-nums">{formatDate(line.due_date)}</span>}
                </span>
                <span className="flex flex-wrap gap-x-2 whitespace-nowrap tabular-nums">
                  <span className="font-medium">{formatCurrency(line.amount)}</span>
                  {isPositive(line.from_deposit) && <span className="text-xs text-emerald-700">{t('returnQuote.lineFromDeposit', { amount: formatCurrency(line.from_deposit) })}</span>}
                  {isPositive(line.left_owed) && <span className="text-xs text-red-700">{t('returnQuote.lineLeftOwed', { amount: formatCurrency(line.left_owed) })}</span>}
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
      <p className="text-xs text-slate-500">{mode === 'return' ? t('returnQuote.returnNote') : t('returnQuote.inspectNote')}</p>
    </section>
  );
}

/**
 * Asks getReturnQuote and shows it: a spinner while it comes (the previous figures stay while
 * a new damage amount is quoted), the refusal with a retry when it fails.
 */
export function ReturnQuotePanel({ orderRef, mode, damageAmount, returnDate }: { orderRef: OrderRef; mode: QuoteMode; damageAmount?: string; returnDate?: string }) {
  const { t } = useOrderText();
  const quote = useReturnQuote(orderRef, { ...(returnDate ? { return_date: returnDate } : {}), ...(damageAmount ? { damage_amount: damageAmount } : {}) });
  if (quote.isPending) return <Spinner label={t('returnQuote.loading')} className="text-sm" />;
  if (quote.isError)
    return (
      <div role="alert" className="flex flex-wrap items-center gap-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
        <span>{asApiError(quote.error)?.message || t('returnQuote.loadError')}</span>
        <Button variant="secondary" onClick={() => void quote.refetch()} loading={quote.isFetching}>
          {t('returnQuote.retry')}
        </Button>
      </div>
    );
  return (
    <div className={quote.isFetching ? 'opacity-60 transition-opacity' : undefined} aria-busy={quote.isFetching}>
      <ReturnQuoteView quote={quote.data} mode={mode} />
    </div>
  );
}
