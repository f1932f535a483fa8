'use client';

import { DetailSection } from '@/components/DetailSection';
import { formatCurrency, formatDateTime } from '@/components/format';
import { StatusBadge, type Tone } from '@/components/StatusBadge';
import { EmptyState } from '@/components/ui/EmptyState';
import { Stats } from '@/components/ui/Stats';
import type { OrderDetail } from '../../queries';
import { isPositive } from '../../lib/money';
import { useOrderText } from '../labels';

type Unwound = NonNullable<OrderDetail['unwound']>;
type Line = Unwound['lines'][number];

const STATUS_TONES: Record<Line['status'], Tone> = { processing: 'amber', succeeded: 'green', failed: 'red' };

/**
 * An order that ended without a deal (cancelled, refused, refunded, closed; billing's
 * `order_given_back`): what the customer paid, what was given back (refunds, the deposit
 * thawed), and what is still in flight at the payment provider — a payment the cancel asked it
 * to close, a refund or a thaw not confirmed yet — each line with its state.
 */
export function GivenBackSection({ unwound }: { unwound: Unwound }) {
  const { t, label } = useOrderText();
  const inFlight = isPositive(unwound.in_flight);
  const lineName = (line: Line) => `${t(`detail.givenBack.kinds.${line.kind}`)} · ${label(`detail.givenBack.types.${line.kind}`, line.type)}`;
  return (
    <DetailSection id="order-given-back" title={t('detail.sections.givenBack')}>
      <div className="flex flex-col gap-3" data-testid="given-back">
        <Stats
          compact
          items={[
            { id: 'paid', label: t('detail.givenBack.paid'), value: formatCurrency(unwound.paid), tone: isPositive(unwound.paid) ? 'default' : 'muted' },
            { id: 'given_back', label: t('detail.givenBack.givenBack'), value: formatCurrency(unwound.given_back), tone: 'primary' },
            { id: 'in_flight', label: t('detail.givenBack.inFlight'), value: formatCurrency(unwound.in_flight), tone: inFlight ? 'danger' : 'muted' },
            { id: 'deposit_frozen', label: t('detail.givenBack.depositFrozen'), value: formatCurrency(unwound.deposit_frozen), tone: isPositive(unwound.deposit_frozen) ? 'danger' : 'muted' },
          ]}
        />
        <p className="text-sm text-slate-600" data-in-flight={inFlight || undefined}>
          {inFlight ? t('detail.givenBack.inFlightNote') : t('detail.givenBack.settledNote')}
        </p>
        {unwound.lines.length === 0 ? (
          <EmptyState title={t('detail.givenBack.none')} />
        ) : (
          <ul className="divide-y divide-slate-100 rounded-md border border-slate-200 text-sm">
            {unwound.lines.map((line, index) => (
              <li key={index} data-line={`${line.kind}:${line.type}`} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2">
                <span className="min-w-0 font-medium text-slate-800">
                  {lineName(line)}
                  {line.periods.length > 0 && <span className="ml-1 font-normal text-slate-500">{t('detail.deposit.opBills', { periods: line.periods.join(t('detail.deposit.opBillsJoin')) })}</span>}
                </span>
                <span className="tabular-nums">{formatCurrency(line.amount)}</span>
                <StatusBadge tone={STATUS_TONES[line.status]}>{t(`detail.givenBack.statuses.${line.kind}.${line.status}`)}</StatusBadge>
                <span className="text-xs text-slate-500 tabular-nums">{formatDateTime(line.finished_at ?? line.created_at)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </DetailSection>
  );
}
