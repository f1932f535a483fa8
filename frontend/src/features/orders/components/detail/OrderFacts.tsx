'use client';

import Link from 'next/link';
import { useState } from 'react';
import { DetailSection, Fact, Facts } from '@/components/DetailSection';
import { formatCurrency, formatDate, formatDateTime } from '@/components/format';
import { lazyDialog } from '@/components/lazyDialog';
import { Button } from '@/components/ui/Button';
import { Thumb } from '@/components/ui/Thumb';
import { USER_TEXT, UserText } from '@/components/ui/UserText';
import { shareText } from '../../lib/returns';
import type { OrderDetail, OrderRef } from '../../queries';
import { OrderStatusBadge, specsText, useOrderText } from '../labels';

/** The early-return fee rule copied onto the order when it was placed, in words. */
/**
 * A lease's dates are planned until the customer signs for the goods: from today before the
 * first bill is paid (the detail plans them over the term), set when it is paid, fixed again
 * from the day of sign-for (apps/orders/lease.py).
 */
export function leasePlanned(detail: { kind: string; status: string; delivered_at?: string | null }): boolean {
  return detail.kind === 'lease' && !detail.delivered_at && ['awaiting_audit', 'awaiting_signing', 'awaiting_payment', 'paid', 'awaiting_shipment', 'shipped'].includes(detail.status);
}

export function earlyFeeText(rule: { fee_mode: string; fee_value: string | null }, t: ReturnType<typeof useOrderText>['t']): string {
  if (rule.fee_mode === 'rate') return t('earlyReturn.feeRate', { share: shareText(rule.fee_value) });
  if (rule.fee_mode === 'fixed') return t('earlyReturn.feeFixed', { amount: formatCurrency(rule.fee_value) });
  return t('earlyReturn.feeNone');
}

/** The order itself: numbers, attribution, dates, and why it was refused or closed. */
export function SummarySection({ detail, platform }: { detail: OrderDetail; platform: boolean }) {
  const { t, label } = useOrderText();
  return (
    <DetailSection id="order-summary" title={t('detail.sections.summary')}>
      <Facts>
        <Fact label={t('detail.fields.orderNo')}>
          <span className="font-mono">{detail.order_no}</span>
        </Fact>
        <Fact label={t('detail.fields.status')}>
          <OrderStatusBadge status={detail.status} name={detail.status_name} />
        </Fact>
        <Fact label={t('detail.fields.stage')}>{label('stage', detail.stage, detail.stage_name)}</Fact>
        <Fact label={t('detail.fields.kind')}>{label('kindShort', detail.kind)}</Fact>
        <Fact label={t('detail.fields.channel')}>{label('channel', detail.channel)}</Fact>
        <Fact label={t('detail.fields.createdAt')}>{formatDateTime(detail.created_at)}</Fact>
        {platform && <Fact label={t('detail.fields.merchant')} userText>{detail.merchant_name}</Fact>}
        <Fact label={t('detail.fields.subShop')} userText>{detail.sub_shop_name}</Fact>
        <Fact label={t('detail.fields.auditor')} userText>{detail.auditor_name}</Fact>
        <Fact label={t('detail.fields.salesman')} userText>{detail.salesman_name}</Fact>
        {detail.kind === 'lease' && <Fact label={t(leasePlanned(detail) ? 'detail.fields.leaseStartPlanned' : 'detail.fields.leaseStart')}>{formatDate(detail.lease_start)}</Fact>}
        {detail.kind === 'lease' && <Fact label={t(leasePlanned(detail) ? 'detail.fields.leaseEndPlanned' : 'detail.fields.leaseEnd')}>{formatDate(detail.lease_end)}</Fact>}
        {detail.overdue_since && (
          <Fact label={t('detail.fields.overdueSince')}>
            <span className="text-red-700">{formatDate(detail.overdue_since)}</span>
          </Fact>
        )}
        {detail.contract_signed_at && <Fact label={t('detail.fields.contractSignedAt')}>{formatDateTime(detail.contract_signed_at)}</Fact>}
        {detail.first_bill_paid_at && <Fact label={t('detail.fields.firstBillPaidAt')}>{formatDateTime(detail.first_bill_paid_at)}</Fact>}
        {detail.shipped_at && <Fact label={t('detail.fields.shippedAt')}>{formatDateTime(detail.shipped_at)}</Fact>}
        {detail.delivered_at && <Fact label={t('detail.fields.deliveredAt')}>{formatDateTime(detail.delivered_at)}</Fact>}
        {detail.finished_at && <Fact label={t('detail.fields.finishedAt')}>{formatDateTime(detail.finished_at)}</Fact>}
        {detail.refuse_reason && <Fact label={t('detail.fields.refuseReason')} userText>{detail.refuse_reason}</Fact>}
        {detail.close_reason && <Fact label={t('detail.fields.closeReason')} userText>{detail.close_reason}</Fact>}
      </Facts>
    </DetailSection>
  );
}

/**
 * The unit the order holds, by its identifiers as stored (serial number, IMEIs, MEID), linked to
 * its page in the assets (`unitHref`: the store's people who may see the assets).
 */
export function UnitIdentifiers({ unit, href }: { unit: NonNullable<OrderDetail['unit']>; href: boolean }) {
  const { t } = useOrderText();
  const identifiers = (
    [
      ['serial', unit.serial_number],
      ['imei1', unit.imei1],
      ['imei2', unit.imei2],
      ['meid', unit.meid],
    ] as const
  ).filter(([, value]) => value);
  const text = (
    <span className="flex flex-col gap-0.5">
      {identifiers.map(([kind, value]) => (
        <span key={kind} className="[overflow-wrap:anywhere]">
          <span className="text-slate-500">{t(`detail.unit.${kind}`)}</span> <span className="font-mono" {...USER_TEXT}>{value}</span>
        </span>
      ))}
    </span>
  );
  if (!href) return text;
  return (
    <Link href={`/assets/${unit.id}`} className="text-brand-600 hover:text-brand-700" aria-label={t('detail.unit.open', { code: unit.serial_number || unit.imei1 })} data-unit-link>
      {text}
    </Link>
  );
}

export function GoodsSection({ detail, unitHref = false }: { detail: OrderDetail; unitHref?: boolean }) {
  const { t } = useOrderText();
  const lease = detail.kind === 'lease';
  // An add-on's name is the merchant's (user data); its price is the screen's.
  const addons = (detail.addons as { name?: string; price?: string }[]).map((addon, index) => (
    <span key={index}>
      {index > 0 && ' · '}
      <UserText>{addon.name ?? ''}</UserText> {formatCurrency(addon.price)}
    </span>
  ));
  return (
    <DetailSection id="order-goods" title={t('detail.sections.goods')}>
      <div className="mb-4 flex items-start gap-3">
        <Thumb src={detail.goods_picture} alt="" size={56} />
        <div className="min-w-0">
          <p className="font-medium text-slate-900 [overflow-wrap:anywhere]" {...USER_TEXT}>{detail.goods_title}</p>
          <p className="text-sm text-slate-500" {...USER_TEXT}>{specsText(detail.sku_specs)}</p>
        </div>
      </div>
      <Facts>
        <Fact label={t('detail.fields.quantity')}>{detail.quantity}</Fact>
        {detail.fineness_name && <Fact label={t('detail.fields.fineness')}>{detail.fineness_name}</Fact>}
        {lease ? (
          <>
            <Fact label={t('detail.fields.term')}>{`${detail.term}${t.has(`termUnit.${detail.term_unit}`) ? ` ${t(`termUnit.${detail.term_unit}`)}` : ''}`}</Fact>
            <Fact label={t('detail.fields.rent')}>{formatCurrency(detail.rent)}</Fact>
            <Fact label={t('detail.fields.totalRent')}>{formatCurrency(detail.total_rent)}</Fact>
            <Fact label={t('detail.fields.buyoutPrice')}>{formatCurrency(detail.buyout_price)}</Fact>
            <Fact label={t('detail.fields.ownershipTransfer')}>{detail.ownership_transfer ? t('yes') : t('no')}</Fact>
            {!detail.unit && (
              <Fact label={t('detail.fields.deviceSerial')} userText>
                {detail.device_serial}
              </Fact>
            )}
            {detail.early_return && (
              <>
                <Fact label={t('detail.fields.minTerm')}>
                  {detail.early_return.min_term > 0 ? t('earlyReturn.minTerm', { term: detail.early_return.min_term, date: formatDate(detail.early_return.min_term_end) }) : t('earlyReturn.noMinTerm')}
                </Fact>
                <Fact label={t('detail.fields.earlyReturnFee')}>{earlyFeeText(detail.early_return, t)}</Fact>
              </>
            )}
          </>
        ) : (
          <Fact label={t('detail.fields.salePrice')}>{formatCurrency(detail.sale_price)}</Fact>
        )}
        {detail.unit && (
          <Fact label={t('detail.fields.unit')}>
            <UnitIdentifiers unit={detail.unit} href={unitHref} />
          </Fact>
        )}
        <Fact label={t('detail.fields.addons')}>{addons.length ? addons : ''}</Fact>
        <Fact label={t('detail.fields.addonTotal')}>{formatCurrency(detail.addon_total)}</Fact>
        <Fact label={t('detail.fields.shippingFee')}>{formatCurrency(detail.shipping_fee)}</Fact>
        <Fact label={t('detail.fields.shippingFeeRefunded')}>{formatCurrency(detail.shipping_fee_refunded)}</Fact>
      </Facts>
    </DetailSection>
  );
}

// Asked for on purpose (each reveal is on the timeline): loaded when first opened.
const RevealIdentityDialog = lazyDialog(() => import('../dialogs/RevealIdentityDialog').then((module) => module.RevealIdentityDialog), (props) => props.open);

export function CustomerSection({ detail, orderRef }: { detail: OrderDetail; orderRef: OrderRef }) {
  const { t, label } = useOrderText();
  const risk = detail.risk;
  const [revealing, setRevealing] = useState(false);
  return (
    <DetailSection
      id="order-customer"
      title={t('detail.sections.customer')}
      actions={
        detail.actions.includes('reveal_identity') && (
          <Button variant="secondary" className="px-2.5 py-1" onClick={() => setRevealing(true)}>
            {t('detail.reveal.open')}
          </Button>
        )
      }
    >
      <Facts>
        <Fact label={t('detail.fields.customerName')} userText>{detail.customer.name}</Fact>
        <Fact label={t('detail.fields.customerPhone')}>
          <span className="tabular-nums">{detail.customer.phone}</span>
        </Fact>
        <Fact label={t('detail.fields.idNumber')}>
          <span className="tabular-nums">{detail.customer.id_number}</span>
        </Fact>
        <Fact label={t('detail.fields.hasIdCard')}>{detail.customer.has_id_card ? t('yes') : t('no')}</Fact>
        <Fact label={t('detail.fields.riskGrade')}>{risk.grade}</Fact>
        <Fact label={t('detail.fields.riskScore')}>{risk.score ?? ''}</Fact>
        <Fact label={t('detail.fields.riskDecision')}>{risk.decision ? label('detail.riskDecision', risk.decision) : ''}</Fact>
        {Number(detail.deposit_detail.frozen_credit) > 0 && (
          <Fact label={t('detail.fields.depositCover')}>
            {t('detail.fields.depositCoverValue', {
              credit: formatCurrency(detail.deposit_detail.frozen_credit),
              fund: formatCurrency(detail.deposit_detail.frozen_fund),
            })}
          </Fact>
        )}
      </Facts>
      <RevealIdentityDialog open={revealing} orderRef={orderRef} onClose={() => setRevealing(false)} />
    </DetailSection>
  );
}

export function DepositSection({ detail }: { detail: OrderDetail }) {
  const { t, label } = useOrderText();
  const deposit = detail.deposit_detail;
  return (
    <DetailSection id="order-deposit" title={t('detail.sections.deposit')}>
      <Facts>
        <Fact label={t('detail.deposit.state')}>{label('detail.deposit.states', deposit.state)}</Fact>
        <Fact label={t('detail.deposit.deposit')}>{formatCurrency(deposit.deposit)}</Fact>
        <Fact label={t('detail.deposit.waived')}>{formatCurrency(deposit.waived)}</Fact>
        <Fact label={t('detail.deposit.required')}>{formatCurrency(deposit.required)}</Fact>
        <Fact label={t('detail.deposit.frozen')}>{formatCurrency(deposit.frozen)}</Fact>
        {Number(deposit.frozen_credit) > 0 && (
          <>
            <Fact label={t('detail.deposit.frozenCredit')}>{formatCurrency(deposit.frozen_credit)}</Fact>
            <Fact label={t('detail.deposit.frozenFund')}>{formatCurrency(deposit.frozen_fund)}</Fact>
          </>
        )}
        <Fact label={t('detail.deposit.transferred')}>{formatCurrency(deposit.transferred)}</Fact>
        <Fact label={t('detail.deposit.thawed')}>{formatCurrency(deposit.thawed)}</Fact>
        <Fact label={t('detail.deposit.remaining')}>{formatCurrency(deposit.remaining)}</Fact>
      </Facts>
      {deposit.operations.length > 0 && (
        <div className="mt-4">
          <h3 className="mb-2 text-xs font-medium text-slate-500">{t('detail.deposit.operations')}</h3>
          <ul className="divide-y divide-slate-100 rounded-md border border-slate-200 text-sm">
            {deposit.operations.map((op) => (
              <li key={op.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2">
                <span className="font-medium text-slate-800">
                  {label('detail.deposit.opKind', op.kind)}
                  {op.purpose && <span className="ml-1 font-normal text-slate-500">({label('detail.deposit.opPurpose', op.purpose)})</span>}
                  {op.bill_periods.length > 0 && <span className="ml-1 font-normal text-slate-500">{t('detail.deposit.opBills', { periods: op.bill_periods.join(t('detail.deposit.opBillsJoin')) })}</span>}
                </span>
                <span className="tabular-nums">
                  {formatCurrency(op.amount)}
                  {Number(op.credit_amount) > 0 && <span className="ml-1 text-xs text-slate-500">{t('detail.deposit.opCredit', { amount: formatCurrency(op.credit_amount) })}</span>}
                </span>
                <span className={op.status === 'failed' ? 'text-red-700' : 'text-slate-600'}>{label('detail.deposit.opStatus', op.status)}</span>
                <span className="text-xs text-slate-500 tabular-nums">{formatDateTime(op.created_at)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </DetailSection>
  );
}

export function AfterSalesSection({ detail }: { detail: OrderDetail }) {
  const { t, label } = useOrderText();
  return (
    <DetailSection id="order-after-sales" title={t('detail.sections.afterSales')}>
      <ul className="flex flex-col gap-4">
        {detail.after_sales.map((business) => (
          <li key={business.id} className="rounded-md border border-slate-200 p-3">
            <p className="mb-2 flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
              {label('detail.afterSales.kinds', business.kind, business.kind_name)}
              <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-600">{label('detail.afterSales.statuses', business.status, business.status_name)}</span>
            </p>
            <Facts>
              <Fact label={t('detail.afterSales.startedBy')}>{t('detail.afterSales.startedByValue', { who: business.started_by })}</Fact>
              <Fact label={t('detail.afterSales.reason')} userText>{business.reason}</Fact>
              <Fact label={t('detail.afterSales.createdAt')}>{formatDateTime(business.created_at)}</Fact>
              <Fact label={t('detail.afterSales.finishedAt')}>{formatDateTime(business.finished_at)}</Fact>
              {business.extra_term > 0 && <Fact label={t('detail.afterSales.extraTerm')}>{business.extra_term}</Fact>}
              {business.kind === 'buyout' && <Fact label={t('detail.afterSales.buyoutQuote')}>{formatCurrency(business.amount)}</Fact>}
              {business.reject_reason && <Fact label={t('detail.afterSales.rejectReason')} userText>{business.reject_reason}</Fact>}
              {business.inspection_note && <Fact label={t('detail.afterSales.inspectionNote')} userText>{business.inspection_note}</Fact>}
              <Fact label={t('detail.afterSales.damageAmount')}>{formatCurrency(business.damage_amount)}</Fact>
            </Facts>
          </li>
        ))}
      </ul>
    </DetailSection>
  );
}
