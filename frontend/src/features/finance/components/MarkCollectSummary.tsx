'use client';

import { useTranslations } from 'next-intl';
import { formatCurrency } from '@/components/format';
import { Banner } from '@/components/ui/Banner';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { Stats, type StatItem } from '@/components/ui/Stats';
import type { BillListState } from '../lib/billListState';
import { markCollectQuery } from '../lib/billListState';
import { useMarkCollect } from '../queries';

const isZero = (amount: string) => Number(amount) === 0;

type HeldStatement = NonNullable<NonNullable<ReturnType<typeof useMarkCollect>['data']>['held']>;

/**
 * The statement held for a negative net (refunds above what its days took and the withdrawable
 * balance could cover): its days, why, and when it closes — the following days' statements take
 * it in, and the first night their income and the balance cover it, it closes; how short it is now.
 */
function HeldStatementBanner({ held }: { held: HeldStatement }) {
  const t = useTranslations('finance.billList.totals.held');
  const span = held.period_start === held.period_end ? held.period_start : t('span', { from: held.period_start, to: held.period_end });
  return (
    <Banner label={t('label')} data-testid="held-statement">
      <p className="font-medium">{t('title', { span, net: formatCurrency(held.net) })}</p>
      <p>{t('why', { received: formatCurrency(held.received), refunded: formatCurrency(held.refunded), commission: formatCurrency(held.commission) })}</p>
      <p>{isZero(held.short) ? t('closesTonight') : t('closes', { short: formatCurrency(held.short) })}</p>
    </Banner>
  );
}

/**
 * The totals above the shop's lines (getMarkCollect): the balances now, the withdrawable one set
 * apart, and the money of the period the lines are filtered to (all time without dates).
 */
export function MarkCollectSummary({ state }: { state: BillListState }) {
  const t = useTranslations('finance.billList.totals');
  const common = useTranslations('common');
  const totals = useMarkCollect(markCollectQuery(state));
  const period =
    state.date_from && state.date_to
      ? t('periodRange', { from: state.date_from, to: state.date_to })
      : state.date_from
        ? t('periodFrom', { from: state.date_from })
        : state.date_to
          ? t('periodTo', { to: state.date_to })
          : t('periodAll');

  let body;
  if (totals.isPending) {
    body = <Spinner label={t('loading')} className="text-sm" />;
  } else if (!totals.data) {
    body = (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-2 text-sm text-red-700">
        <span>{t('loadError')}</span>
        <Button variant="secondary" onClick={() => void totals.refetch()}>
          {common('retry')}
        </Button>
      </div>
    );
  } else {
    const data = totals.data;
    const now: StatItem[] = [
      { id: 'withdrawable', label: t('withdrawable'), value: formatCurrency(data.withdrawable), tone: 'primary' },
      { id: 'awaitingSettlement', label: t('awaitingSettlement'), value: formatCurrency(data.awaiting_settlement) },
      { id: 'statements', label: t('statements'), value: t('statementsCount', { count: data.statements }), tone: data.statements ? 'default' : 'muted' },
    ];
    const inPeriod: StatItem[] = [
      { id: 'received', label: t('received'), value: formatCurrency(data.received), tone: isZero(data.received) ? 'muted' : 'default' },
      { id: 'receivedOffline', label: t('receivedOffline'), value: formatCurrency(data.received_offline), tone: isZero(data.received_offline) ? 'muted' : 'default' },
      { id: 'refunded', label: t('refunded'), value: formatCurrency(data.refunded), tone: isZero(data.refunded) ? 'muted' : 'default' },
      { id: 'commission', label: t('commission'), value: formatCurrency(data.commission), tone: isZero(data.commission) ? 'muted' : 'default' },
      { id: 'settled', label: t('settled'), value: formatCurrency(data.settled), tone: isZero(data.settled) ? 'muted' : 'default' },
    ];
    body = (
      <div className="flex flex-col gap-2 sm:gap-3">
        {data.held && <HeldStatementBanner held={data.held} />}
        <div>
          <h3 className="mb-1.5 text-xs font-medium text-slate-500">{t('now')}</h3>
          <Stats items={now} />
        </div>
        <div>
          <h3 className="mb-1.5 text-xs font-medium text-slate-500">
            {t('period')} · {period}
          </h3>
          <Stats items={inPeriod} compact />
        </div>
      </div>
    );
  }
  return (
    <section aria-label={t('now')} data-testid="bill-totals" className="rounded-lg border border-slate-200 bg-white px-4 py-3" aria-busy={totals.isFetching || undefined}>
      {body}
    </section>
  );
}
