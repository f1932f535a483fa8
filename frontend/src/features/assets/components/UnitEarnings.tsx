'use client';

/**
 * What a device earned against what it cost (issue 63, docs/assets.md "What each device
 * earned"): its share of the money the orders that held it collected (read from the ledger,
 * split by days out), payback and the day it paid back, utilisation, book value and, once it
 * left the shop, the gain or loss.
 */
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Fact, Facts } from '@/components/DetailSection';
import { formatCurrency, formatDate, formatSignedCurrency } from '@/components/format';
import type { UnitDetail } from '../types';

type Earnings = UnitDetail['earnings'];

const KINDS = ['rent', 'buyout', 'damage', 'fees', 'refunds'] as const;

function PaybackBar({ percent }: { percent: number }) {
  const width = Math.max(0, Math.min(100, percent));
  return (
    <div className="h-2 w-full max-w-xs overflow-hidden rounded-full bg-slate-100" aria-hidden>
      <div className={`h-full rounded-full ${percent >= 100 ? 'bg-emerald-500' : 'bg-brand-500'}`} style={{ width: `${width}%` }} />
    </div>
  );
}

export function UnitEarnings({ earnings, orderNos }: { earnings: Earnings; orderNos: ReadonlyMap<number, string | null> }) {
  const t = useTranslations('assets.earnings');
  const payback = earnings.payback === null ? null : Number(earnings.payback);
  const kinds = KINDS.filter((kind) => Number(earnings.collected_by_kind[kind]) !== 0);
  return (
    <div className="flex flex-col gap-4" data-unit-earnings>
      <Facts>
        <Fact label={t('costBasis')}>{formatCurrency(earnings.cost_basis)}</Fact>
        <Fact label={t('collected')}>
          <span data-unit-collected>{formatCurrency(earnings.collected)}</span>
        </Fact>
        <Fact label={t('payback')}>
          {payback === null ? (
            ''
          ) : (
            <span className="flex flex-col gap-1">
              <span>{earnings.paid_back_on ? t('paidBackOn', { percent: earnings.payback ?? '', date: formatDate(earnings.paid_back_on), days: earnings.days_to_pay_back ?? 0 }) : t('percent', { percent: earnings.payback ?? '' })}</span>
              <PaybackBar percent={payback} />
            </span>
          )}
        </Fact>
        <Fact label={t('utilisation')}>{earnings.utilisation === null ? '' : t('utilisationValue', { percent: earnings.utilisation, lease: earnings.days_on_lease, owned: earnings.days_owned })}</Fact>
        <Fact label={t('repairSpend')}>{formatCurrency(earnings.repair_spend)}</Fact>
        <Fact label={t('bookValue')}>{t('bookValueValue', { amount: formatCurrency(earnings.book_value), months: earnings.life_months, residual: earnings.residual_rate })}</Fact>
        {earnings.disposal_gain !== null && (
          <Fact label={t('disposalGain')}>
            <span className={Number(earnings.disposal_gain) < 0 ? 'text-red-600' : 'text-emerald-700'}>
              {formatSignedCurrency(earnings.disposal_gain)}
              {earnings.left_on ? ` · ${t('leftOn', { date: formatDate(earnings.left_on) })}` : ''}
            </span>
          </Fact>
        )}
      </Facts>
      {kinds.length > 0 && (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
          {kinds.map((kind) => (
            <li key={kind}>
              {t(`kinds.${kind}`)} {formatCurrency(earnings.collected_by_kind[kind])}
            </li>
          ))}
        </ul>
      )}
      {earnings.collected_by_order.length > 0 && (
        <ul className="flex flex-col gap-1 text-sm text-slate-600">
          {earnings.collected_by_order.map((row) => (
            <li key={row.order_id} className="flex flex-wrap gap-x-2">
              <Link href={`/orderInfo/${row.order_id}`} className="font-mono text-brand-600 hover:text-brand-700">
                {orderNos.get(row.order_id) ?? `#${row.order_id}`}
              </Link>
              <span>{formatCurrency(row.amount)}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-slate-500">{t('rule')}</p>
    </div>
  );
}
