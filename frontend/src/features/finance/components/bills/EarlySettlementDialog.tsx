'use client';

import { useState } from 'react';
import { businessDay } from '@/lib/businessTime';
import { formatCurrency, formatDate } from '@/components/format';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { FormError } from '@/components/ui/FormError';
import { Spinner } from '@/components/ui/Spinner';
import { Stats, type StatItem } from '@/components/ui/Stats';
import { asApiError, type ApiError } from '@/lib/apiError';
import { notify } from '@/lib/notice';
import { newIdempotencyKey } from '@/features/orders/lib/idempotency';
import { isPositive } from '@/features/orders/lib/money';
import { AFTER_SALE_OPEN, BUYOUT_NOT_ALLOWED, NOTHING_TO_SETTLE, offlineDetailsInput, PAYMENT_IN_PROGRESS, QUOTE_CHANGED } from '@/features/orders/lib/repayments';
import { type OrderRef } from '@/features/orders/queries';
import { useEarlySettlementQuote, useSettleEarly, type EarlySettlement, type EarlySettlementQuote } from '../../orderBillQueries';
import { useOrderText } from '@/features/orders/components/labels';
import { OfflineReceiptFields, receiptForm, useReceiptProblemText, useReceiptState } from './OfflineReceiptFields';

type Method = 'provider' | 'offline';

function percent(rate: string): string {
  const value = Number(rate) * 100;
  return `${Number.isFinite(value) ? Number(value.toFixed(2)) : 0}%`;
}

function QuoteBreakdown({ quote }: { quote: EarlySettlementQuote }) {
  const { t } = useOrderText();
  const items: StatItem[] = [
    { id: 'due', label: t('early.dueAmount'), value: formatCurrency(quote.due_amount), tone: isPositive(quote.due_amount) ? 'default' : 'muted' },
    { id: 'lateFee', label: t('early.lateFee'), value: formatCurrency(quote.late_fee), tone: isPositive(quote.late_fee) ? 'danger' : 'muted' },
    { id: 'futureRent', label: t('early.futureRent'), value: formatCurrency(quote.future_rent), tone: isPositive(quote.future_rent) ? 'default' : 'muted' },
    { id: 'discount', label: t('early.discount', { rate: percent(quote.discount_rate) }), value: `-${formatCurrency(quote.discount)}`, tone: isPositive(quote.discount) ? 'default' : 'muted' },
  ];
  if (isPositive(quote.future_addon)) items.push({ id: 'addon', label: t('early.futureAddon'), value: formatCurrency(quote.future_addon) });
  if (quote.ownership_transfer) items.push({ id: 'buyout', label: t('early.buyoutPrice'), value: formatCurrency(quote.buyout_price) });
  items.push({ id: 'total', label: t('early.total'), value: formatCurrency(quote.total), tone: 'primary' });
  return (
    <div className="flex flex-col gap-3">
      <Stats items={items} compact />
      <details className="rounded-md border border-slate-200 text-sm">
        <summary className="cursor-pointer px-3 py-2 font-medium text-slate-700">{t('early.billsSummary', { count: quote.bills.length })}</summary>
        <ul className="divide-y divide-slate-100 border-t border-slate-200" aria-label={t('early.billsLabel')}>
          {quote.bills.map((bill) => (
            <li key={bill.period} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 px-3 py-1.5">
              <span className="whitespace-nowrap">
                {t('bills.period', { period: bill.period })}
                <span className="ml-2 text-xs text-slate-500 tabular-nums">{formatDate(bill.due_date)}</span>
                {bill.due && <span className="ml-2 text-xs text-red-700">{t('early.billDue')}</span>}
              </span>
              <span className="whitespace-nowrap tabular-nums">
                {isPositive(bill.late_fee) && <span className="mr-2 text-xs text-red-700">{t('early.billLateFee', { amount: formatCurrency(bill.late_fee) })}</span>}
                {isPositive(bill.discount) && <span className="mr-2 text-xs text-emerald-700">{t('early.billDiscount', { amount: formatCurrency(bill.discount) })}</span>}
                <span className="font-medium">{formatCurrency(bill.amount)}</span>
              </span>
            </li>
          ))}
        </ul>
      </details>
      <p className="text-xs text-slate-500">{quote.ownership_transfer ? t('early.afterOwnership') : t('early.afterLease')}</p>
    </div>
  );
}

function quoteErrorText(error: ApiError | null, t: ReturnType<typeof useOrderText>['t']): string {
  switch (error?.code) {
    case BUYOUT_NOT_ALLOWED:
      return t('early.buyoutNotAllowed');
    case AFTER_SALE_OPEN:
      return t('repayment.afterSaleOpen');
    case NOTHING_TO_SETTLE:
      return t('early.nothing');
    case 409:
      return t('early.notInLease');
    default:
      return error?.message || t('early.loadError');
  }
}

/**
 * Settles every bill left of the lease at once (store side, `finance.manage`): the quote of
 * today (bills due in full with their late fees, later rent less the shop's discount, the
 * buyout price when ownership transfers), then settled by the customer's withholding
 * agreement (counts when the provider confirms) or offline with a voucher. One idempotency key
 * per attempt: a lost answer sent again is the same settlement; a failed one is retried anew.
 */
export function EarlySettlementDialog({ open, orderRef, onClose }: { open: boolean; orderRef: OrderRef; onClose: () => void }) {
  const { t, label } = useOrderText();
  const quote = useEarlySettlementQuote(orderRef, open);
  const settle = useSettleEarly(orderRef);
  const [key, setKey] = useState(() => newIdempotencyKey('early'));
  const [method, setMethod] = useState<Method | null>(null);
  const [receipt, setReceipt] = useReceiptState();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<EarlySettlement | null>(null);
  const problemText = useReceiptProblemText();
  if (!open) return null;

  const data = quote.data;
  const inFlight = result?.status === 'processing' ? result : (data?.in_flight ?? null);
  const chosen: Method = method ?? (data?.withhold_available ? 'provider' : 'offline');
  const busy = settle.isPending;

  const submit = async () => {
    if (!data) return;
    setFailure(null);
    let offline;
    if (chosen === 'offline') {
      const checked = offlineDetailsInput(receiptForm(receipt), businessDay());
      if ('problems' in checked) {
        setErrors(Object.fromEntries(checked.problems.map((found) => [found.field, problemText(found)])));
        return;
      }
      offline = checked.body;
    }
    setErrors({});
    try {
      const answer = await settle.mutateAsync({ total: data.total, method: chosen, idempotency_key: key, ...(offline ? { offline } : {}) });
      setResult(answer);
      if (answer.status === 'succeeded') {
        notify({ kind: 'success', message: { raw: t('early.done', { total: formatCurrency(answer.total) }) } });
        onClose();
      } else if (answer.status === 'short') {
        setKey(newIdempotencyKey('early'));
        setFailure(t('early.short', { received: formatCurrency(answer.received ?? '0'), total: formatCurrency(answer.total) }));
      } else if (answer.status === 'failed') {
        setKey(newIdempotencyKey('early'));
        setFailure(t('early.failed', { reason: label('early.failures', answer.failure_reason, answer.failure_reason || t('failed')) }));
      }
    } catch (error) {
      const apiError = asApiError(error);
      if (apiError?.code === QUOTE_CHANGED) {
        void quote.refetch();
        setFailure(t('early.quoteChanged'));
        return;
      }
      const fields = apiError?.failure.fields ?? {};
      setErrors(Object.fromEntries(Object.entries(fields).map(([name, messages]) => [name.replace(/^offline\./, ''), Array.isArray(messages) ? String(messages[0] ?? '') : String(messages)])));
      setFailure(apiError?.code === PAYMENT_IN_PROGRESS ? t('repayment.inFlight') : apiError?.code === AFTER_SALE_OPEN ? t('repayment.afterSaleOpen') : apiError?.message || t('failed'));
    }
  };

  const refresh = async () => {
    if (result?.status === 'processing') {
      try {
        const answer = await settle.mutateAsync({ total: result.total, method: result.method === 'offline' ? 'offline' : 'provider', idempotency_key: key });
        setResult(answer);
        if (answer.status === 'succeeded') {
          notify({ kind: 'success', message: { raw: t('early.done', { total: formatCurrency(answer.total) }) } });
          onClose();
        } else if (answer.status === 'short') {
          setResult(null);
          setKey(newIdempotencyKey('early'));
          setFailure(t('early.short', { received: formatCurrency(answer.received ?? '0'), total: formatCurrency(answer.total) }));
        } else if (answer.status === 'failed') {
          setResult(null);
          setKey(newIdempotencyKey('early'));
          setFailure(t('early.failed', { reason: label('early.failures', answer.failure_reason, answer.failure_reason || t('failed')) }));
        }
      } catch (error) {
        setFailure(asApiError(error)?.message || t('failed'));
      }
      return;
    }
    void quote.refetch();
  };

  let body;
  let footer;
  const closeButton = (
    <Button variant="secondary" onClick={onClose} disabled={busy}>
      {inFlight ? t('early.close') : t('cancel')}
    </Button>
  );
  if (quote.isPending) {
    body = <Spinner label={t('early.loading')} className="text-sm" />;
    footer = closeButton;
  } else if (quote.isError && !inFlight) {
    body = (
      <div role="alert" className="flex flex-col gap-2 text-sm text-red-700">
        <p>{quoteErrorText(asApiError(quote.error), t)}</p>
      </div>
    );
    footer = (
      <>
        {closeButton}
        <Button variant="secondary" onClick={() => void quote.refetch()} loading={quote.isFetching}>
          {t('early.retry')}
        </Button>
      </>
    );
  } else if (inFlight) {
    body = (
      <div className="flex flex-col gap-2 text-sm text-slate-700" role="status">
        <p className="font-medium text-amber-800">{t('early.processing', { total: formatCurrency(inFlight.total) })}</p>
        <p className="text-xs text-slate-500">{t('early.processingHint', { no: inFlight.settlement_no })}</p>
        {failure && <FormError title={t('failed')} message={failure} />}
      </div>
    );
    footer = (
      <>
        {closeButton}
        <Button variant="primary" onClick={() => void refresh()} loading={busy || quote.isFetching}>
          {t('early.refresh')}
        </Button>
      </>
    );
  } else if (data) {
    body = (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-slate-600">{t('early.hint', { date: formatDate(data.as_of) })}</p>
        <QuoteBreakdown quote={data} />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">{t('early.method')}</legend>
          {(['provider', 'offline'] as const).map((option) => {
            const disabled = option === 'provider' && !data.withhold_available;
            return (
              <label key={option} className={`flex items-start gap-2 text-sm ${disabled ? 'text-slate-400' : 'text-slate-700'}`}>
                <input type="radio" name="early-method" value={option} checked={chosen === option} disabled={disabled || busy} onChange={() => setMethod(option)} className="mt-0.5 accent-brand-600" />
                <span>
                  {t(`early.methods.${option}`)}
                  <span className="block text-xs text-slate-500">{disabled ? t('early.noAgreement') : t(`early.methodHints.${option}`)}</span>
                </span>
              </label>
            );
          })}
        </fieldset>
        {chosen === 'offline' && <OfflineReceiptFields state={receipt} onChange={setReceipt} errors={errors} />}
        {failure && <FormError title={t('failed')} message={failure} />}
      </div>
    );
    footer = (
      <>
        {closeButton}
        <Button variant="primary" loading={busy} onClick={() => void submit()}>
          {t('early.confirm', { total: formatCurrency(data.total) })}
        </Button>
      </>
    );
  }
  return (
    <Dialog open onClose={busy ? () => undefined : onClose} title={t('early.title')} width={600} footer={footer}>
      {body}
    </Dialog>
  );
}
