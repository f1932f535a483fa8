'use client';

import { UserText } from '@/components/ui/UserText';
import Link from 'next/link';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Deferred } from '@/components/Deferred';
import { DetailError, DetailLoading, DetailSection } from '@/components/DetailSection';
import { BackLink, PageHeader } from '@/components/PageHeader';
import { formatCurrency } from '@/components/format';
import { HistoryList } from '@/components/history/HistoryList';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { OverdueMoneySummary } from '@/features/finance/components/bills/OverdueMoneySummary';
import { EvidencePackButton } from '@/features/disputes/components/EvidencePackButton';
import { OrderRiskSection } from '@/features/risk/components/OrderRiskSection';
import { SendMessageButton } from '@/features/service/components/SendMessageButton';
import { hasAction } from '@/lib/access';
import { canRemark, DANGER_BUTTONS, openAfterSale, orderButtons, type OrderButton } from '../../lib/actions';
import { hasOverdueMoney } from '../../lib/lateFees';
import { isPositive } from '../../lib/money';
import { nextStepValues, orderNextStep } from '../../lib/nextStep';
import { offlineRepayableBill } from '../../lib/repayments';
import { billingDetailsHref, isOrderStage, stageListPath } from '../../lib/stages';
import { timelineEntries } from '../../lib/timeline';
import { useOrderDetail, type OrderDetail, type OrderRef } from '../../queries';
import { OrderActionDialog } from '../dialogs/order-actions/OrderActionDialog';
import { OrderStatusBadge, useOrderText } from '../labels';
import { OwedBanner } from '../returns/OwedBanner';
import { ContractSection } from './ContractSection';
import { GivenBackSection } from './GivenBackSection';
import { ZhimaCreditSection } from './ZhimaCreditSection';
import { AfterSalesSection, CustomerSection, DepositSection, GoodsSection, SummarySection } from './OrderFacts';
import { RemarksSection } from './RemarksSection';
import { ShippingSection } from './ShippingSection';
import { useOrderPage } from './useOrderPage';

// The sections at the foot of the order (its credit reports, its notarization) load as the user
// scrolls to them or once the order has shown (`Deferred`): their code and calls stay out of the
// screen's first load.
const OrderCreditSection = dynamic(() => import('@/features/credit/components/OrderCreditSection').then((module) => module.OrderCreditSection));
const CarrierSection = dynamic(() => import('@/features/logistics/components/CarrierSection').then((module) => module.CarrierSection));
const NotarySection = dynamic(() => import('@/features/notary/components/NotarySection').then((module) => module.NotarySection));

function BillsSection({ detail, orderRef }: { detail: OrderDetail; orderRef: OrderRef }) {
  const { t } = useOrderText();
  const totals = detail.bill_totals;
  return (
    <DetailSection
      id="order-bills"
      title={t('detail.sections.bills')}
      actions={
        detail.bills.length > 0 && (
          <Link href={billingDetailsHref(orderRef.id, orderRef.merchantId)} className="text-sm font-medium text-brand-600 hover:text-brand-700">
            {t('detail.bills.open')}
          </Link>
        )
      }
    >
      <p className="text-sm text-slate-700">
        {detail.bills.length === 0
          ? t('detail.bills.none')
          : t('detail.bills.summary', { count: detail.bills.length, amount: formatCurrency(totals.amount), paid: formatCurrency(totals.paid), owed: formatCurrency(totals.owed) })}
      </p>
      {isPositive(totals.owed_total ?? '0') && (
        <p className="mt-1 text-sm font-medium text-red-700" data-figure="owed_total">
          {t('detail.bills.owedLine', { total: formatCurrency(totals.owed_total), lateFee: formatCurrency(totals.late_fee_owed), pastDue: formatCurrency(totals.past_due) })}
        </p>
      )}
    </DetailSection>
  );
}

/** The next-step line's values: who asked for the open business, what a buyout charges. */
function nextStepLine(detail: OrderDetail): { who: string; amount: string } {
  const values = nextStepValues(detail);
  return { who: values.who, amount: formatCurrency(values.amount) };
}

function OrderDetailView({ detail, orderRef, page }: { detail: OrderDetail; orderRef: OrderRef; page: ReturnType<typeof useOrderPage> }) {
  const { t, label } = useOrderText();
  const router = useRouter();
  const [open, setOpen] = useState<OrderButton | null>(null);
  const afterSale = openAfterSale(detail.after_sales);
  const buttons = orderButtons(detail.actions, { afterSaleStatus: afterSale?.status, subMerchant: page.subMerchant, offlineBill: offlineRepayableBill(detail.actions, detail.bills) !== null });
  const stage = isOrderStage(detail.stage) ? detail.stage : 'regular';
  const nextStep = orderNextStep(detail);
  const canMessage = !page.platform && hasAction(page.auth, 'service.message');
  const canPack = !page.platform && hasAction(page.auth, 'dispute.evidence');
  const listPath = stageListPath(stage, page.scope);
  const stageName = label(page.scope === 'sub' ? 'subStage' : 'stage', stage);
  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        back={<BackLink href={listPath}>{t('detail.back', { stage: stageName })}</BackLink>}
        title={t('detail.title', { orderNo: detail.order_no })}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <OrderStatusBadge status={detail.status} name={detail.status_name} />
            <span>{label('stage', detail.stage, detail.stage_name)}</span>
            {page.platform && detail.merchant_name && <span>· <UserText>{detail.merchant_name}</UserText></span>}
          </span>
        }
      />
      <section aria-label={t('detail.actionsLabel')} className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-white px-4 py-3">
        <p data-next-step={nextStep} className="w-full text-sm text-slate-700">
          <span className="font-medium text-slate-900">{t('nextStep.label')}</span>
          {t(`nextStep.${nextStep}`, { side: page.platform ? 'platform' : 'store', ...nextStepLine(detail) })}
        </p>
        {canMessage && <SendMessageButton orderId={detail.id} />}
        {canPack && <EvidencePackButton orderId={detail.id} />}
        {buttons.length === 0 ? (
          !canMessage && !canPack && <p className="text-sm text-slate-500">{t('detail.noActions')}</p>
        ) : (
          buttons.map((button) => (
            <Button key={button} variant={DANGER_BUTTONS.has(button) ? 'danger' : button === buttons[0] ? 'primary' : 'secondary'} onClick={() => setOpen(button)}>
              {t(`actions.${button}`)}
            </Button>
          ))
        )}
      </section>
      {isPositive(detail.owed_amount ?? '0') && (
        <OwedBanner
          detail={detail}
          actions={
            <Link href={billingDetailsHref(orderRef.id, orderRef.merchantId)} className="text-sm font-medium text-brand-600 hover:text-brand-700">
              {t('detail.bills.open')}
            </Link>
          }
        />
      )}
      {detail.kind === 'lease' && hasOverdueMoney(detail.bills) && (
        <OverdueMoneySummary
          orderRef={orderRef}
          compact
          actions={
            <Link href={billingDetailsHref(orderRef.id, orderRef.merchantId)} className="text-sm font-medium text-brand-600 hover:text-brand-700">
              {t('detail.bills.open')}
            </Link>
          }
        />
      )}
      {detail.unwound && <GivenBackSection unwound={detail.unwound} />}
      <SummarySection detail={detail} platform={page.platform} />
      <GoodsSection detail={detail} unitHref={!page.platform && hasAction(page.auth, 'asset.view')} />
      <CustomerSection detail={detail} orderRef={orderRef} />
      {detail.kind === 'lease' && (
        <OrderRiskSection orderId={detail.id} orderNo={detail.order_no} decision={detail.risk.decision} checks={detail.risk.checks} canQuery={!page.platform && hasAction(page.auth, 'order.audit')} identity={!page.platform} />
      )}
      {detail.kind === 'lease' && <BillsSection detail={detail} orderRef={orderRef} />}
      {detail.kind === 'lease' && <DepositSection detail={detail} />}
      {detail.kind === 'lease' && !page.platform && (
        <Deferred>
          <ZhimaCreditSection orderId={detail.id} canManage={hasAction(page.auth, 'credit.manage')} />
        </Deferred>
      )}
      {detail.kind === 'lease' && !page.platform && hasAction(page.auth, 'credit.view') && (
        <Deferred>
          <OrderCreditSection orderId={detail.id} canManage={hasAction(page.auth, 'credit.manage')} />
        </Deferred>
      )}
      <ShippingSection detail={detail} orderRef={orderRef} />
      {!page.platform && hasAction(page.auth, 'order.view') && <CarrierSection detail={detail} canShip={hasAction(page.auth, 'order.ship')} />}
      {detail.kind === 'lease' && <ContractSection detail={detail} orderRef={orderRef} canView={hasAction(page.auth, 'order.view')} />}
      {detail.kind === 'lease' && (
        <Deferred>
          <NotarySection notary={detail.notary} orderId={detail.id} canConfigure={!page.platform && !page.subMerchant && hasAction(page.auth, 'notary.config')} />
        </Deferred>
      )}
      {detail.after_sales.length > 0 && <AfterSalesSection detail={detail} />}
      <RemarksSection detail={detail} orderRef={orderRef} canAdd={canRemark(detail.actions)} />
      <DetailSection id="order-timeline" title={t('detail.sections.timeline')}>
        <HistoryList entries={timelineEntries(detail.timeline)} label={t('detail.sections.timeline')} />
      </DetailSection>
      <OrderActionDialog button={open} detail={detail} orderRef={orderRef} onClose={() => setOpen(null)} onDeleted={() => router.push(listPath)} />
    </div>
  );
}

/** /orderInfo/[id]: one order, on either side (the platform adds `?merchant_id=`). */
export function OrderDetailScreen() {
  const { t } = useOrderText();
  const page = useOrderPage('id');
  const detail = useOrderDetail(page.orderRef);
  if (page.missingMerchant) return <EmptyState title={t('detail.missingMerchant')} />;
  if (page.orderRef === null) return <EmptyState title={t('detail.missingId')} />;
  if (detail.isPending) return <DetailLoading />;
  if (detail.isError) return <DetailError title={t('detail.loadError')} error={detail.error} back={{ href: stageListPath('regular', page.scope), label: t('detail.backToList') }} onRetry={() => void detail.refetch()} />;
  return <OrderDetailView detail={detail.data} orderRef={page.orderRef} page={page} />;
}
