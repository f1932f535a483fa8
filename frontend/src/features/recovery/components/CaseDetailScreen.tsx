'use client';

import Link from 'next/link';
import { useParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { DetailError, DetailLoading, DetailSection, Fact, Facts, parseId } from '@/components/DetailSection';
import { formatCurrency, formatDate, formatDateTime, orDash } from '@/components/format';
import { lazyDialog } from '@/components/lazyDialog';
import { BackLink, PageHeader } from '@/components/PageHeader';
import { StatusBadge } from '@/components/StatusBadge';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { Stats } from '@/components/ui/Stats';
import { useOrderText } from '@/features/orders/components/labels';
import { orderDetailHref } from '@/features/orders/lib/stages';
import { newIdempotencyKey } from '@/lib/idempotency';
import { bucketTone, CASE_RECORD_STATES, caseLog, caseStateTone, CHANNELS, known, linkOutcome, mayCollect, OUTCOMES, PROMISE_STATES, promiseStateTone, writeOffAction } from '../lib/recovery';
import { useRecoveryCase, useWriteOffDebt, type CaseDetail } from '../queries';
import { useRecoveryAccess } from './RecoveryScreen';

const ContactDialog = lazyDialog(() => import('./CaseDialogs').then((module) => module.ContactDialog), (props) => props.open);
const PromiseDialog = lazyDialog(() => import('./CaseDialogs').then((module) => module.PromiseDialog), (props) => props.open);
const PaymentLinkDialog = lazyDialog(() => import('./CaseDialogs').then((module) => module.PaymentLinkDialog), (props) => props.open);
const AssignDialog = lazyDialog(() => import('./AssignDialog').then((module) => module.AssignDialog), (props) => props.caseIds.length > 0);
const ReasonDialog = lazyDialog(() => import('@/components/ReasonDialog').then((module) => module.ReasonDialog), (props) => props.open);
const RevealIdentityDialog = lazyDialog(() => import('@/features/orders/components/dialogs/RevealIdentityDialog').then((module) => module.RevealIdentityDialog), (props) => props.open);

type RecoveryT = ReturnType<typeof useTranslations<'recovery'>>;

function channelName(t: RecoveryT, value: string): string {
  const channel = known(CHANNELS, value);
  return channel ? t(`channels.${channel}`) : value;
}

function outcomeName(t: RecoveryT, value: string): string {
  const outcome = known(OUTCOMES, value);
  return outcome ? t(`outcomes.${outcome}`) : value;
}

/** A case's state in the reader's language (the server's name only for a state the catalogue does not know). */
function caseStateName(t: RecoveryT, value: string, fallback: string): string {
  const state = known(CASE_RECORD_STATES, value);
  return state ? t(`state.${state}`) : fallback;
}

function promiseStateName(t: RecoveryT, value: string): string {
  const state = known(PROMISE_STATES, value);
  return state ? t(`promiseStates.${state}`) : value;
}

type Open = 'contact' | 'promise' | 'paymentLink' | 'reveal' | 'writeOff' | null;

const WORKBENCH = '/recovery';

function CaseView({ detail }: { detail: CaseDetail }) {
  const t = useTranslations('recovery');
  const orderText = useOrderText();
  const access = useRecoveryAccess();
  const [open, setOpen] = useState<Open>(null);
  const [assigning, setAssigning] = useState<number[]>([]);
  const isOpen = detail.state === 'open';
  const canWork = isOpen && access.canWork;
  const canCollect = mayCollect(detail.state, access.canWork);
  const writeOffOffer = writeOffAction(detail, access.canWriteOff);
  const writeOff = useWriteOffDebt();
  const [writeOffKey, setWriteOffKey] = useState(() => newIdempotencyKey('write-off'));
  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        back={<BackLink href={WORKBENCH}>{t('detail.back')}</BackLink>}
        title={t('detail.title', { orderNo: detail.order_no })}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <StatusBadge tone={caseStateTone(detail.state)}>{caseStateName(t, detail.state, detail.state_name)}</StatusBadge>
            {isOpen && <StatusBadge tone={bucketTone(detail.bucket)}>{detail.bucket}</StatusBadge>}
            <span>{t('daysPastDue', { days: detail.days_past_due })}</span>
            {detail.broken_promises > 0 && <span className="text-red-700">{t('brokenPromises', { count: detail.broken_promises })}</span>}
          </span>
        }
        actions={
          <div className="flex flex-wrap gap-2">
            {canCollect && <Button onClick={() => setOpen('contact')}>{t('detail.actions.contact')}</Button>}
            {canWork && (
              <Button variant="secondary" onClick={() => setOpen('promise')}>
                {t('detail.actions.promise')}
              </Button>
            )}
            {canCollect && (
              <Button variant="secondary" onClick={() => setOpen('paymentLink')}>
                {t('detail.actions.paymentLink')}
              </Button>
            )}
            {isOpen && access.canAssign && (
              <Button variant="secondary" onClick={() => setAssigning([detail.id])}>
                {t('detail.actions.assign')}
              </Button>
            )}
            {writeOffOffer.kind === 'offered' && (
              <Button variant="danger" onClick={() => setOpen('writeOff')}>
                {t('detail.actions.writeOff')}
              </Button>
            )}
            {writeOffOffer.kind === 'waiting' && (
              <span className="flex flex-col items-start gap-1">
                <Button variant="danger" disabled aria-describedby="write-off-why">
                  {t('detail.actions.writeOff')}
                </Button>
                <span id="write-off-why" className="text-xs text-slate-500" data-write-off-wait>
                  {t('detail.writeOffWait', { after: detail.write_off_after_days, left: writeOffOffer.daysLeft })}
                </span>
              </span>
            )}
          </div>
        }
      />
      {detail.state === 'written_off' && <p className="text-sm text-slate-600">{t('detail.writtenOffNote')}</p>}
      {!isOpen && detail.state !== 'written_off' && <p className="text-sm text-slate-600">{t('detail.closedNote')}</p>}
      {detail.write_off && (
        <DetailSection id="recovery-write-off" title={t('detail.sections.writeOff')}>
          <Stats
            compact
            items={[
              { id: 'written_off', label: t('detail.writeOff.amount'), value: formatCurrency(detail.write_off.amount), tone: 'danger' },
              { id: 'recovered', label: t('detail.writeOff.recovered'), value: formatCurrency(detail.write_off.recovered), tone: 'primary' },
            ]}
          />
          <Facts>
            <Fact label={t('detail.writeOff.on')}>{formatDate(detail.write_off.written_off_on)}</Fact>
            <Fact label={t('detail.writeOff.age')}>{t('daysPastDue', { days: detail.write_off.days_past_due })}</Fact>
            <Fact label={t('detail.writeOff.actor')}>{detail.write_off.actor}</Fact>
            <Fact label={t('detail.writeOff.reason')}>
              <span className="whitespace-pre-line [overflow-wrap:anywhere]">{detail.write_off.reason}</span>
            </Fact>
          </Facts>
          <p className="mt-2 text-xs text-slate-500">{t('detail.writeOff.note')}</p>
        </DetailSection>
      )}
      <DetailSection id="recovery-owed" title={t('detail.sections.owed')}>
        <Stats
          compact
          items={[
            { id: 'rent_owed', label: t('detail.owed.rent'), value: formatCurrency(detail.rent_owed), tone: 'danger' },
            { id: 'late_fee_owed', label: t('detail.owed.lateFee'), value: formatCurrency(detail.late_fee_owed), tone: 'danger' },
            { id: 'charges_owed', label: t('detail.owed.charges'), value: formatCurrency(detail.charges_owed), tone: 'danger' },
            { id: 'total_owed', label: t('detail.owed.total'), value: formatCurrency(detail.total_owed), tone: 'primary' },
          ]}
        />
      </DetailSection>
      <DetailSection
        id="recovery-order"
        title={t('detail.sections.order')}
        actions={
          <span className="flex flex-wrap gap-3">
            {access.canReveal && (
              <Button variant="link" onClick={() => setOpen('reveal')}>
                {t('detail.reveal')}
              </Button>
            )}
            {access.canOpenOrder && (
              <Link href={orderDetailHref(detail.order_id)} className="text-sm font-medium text-brand-600 hover:text-brand-700">
                {t('detail.openOrder')}
              </Link>
            )}
          </span>
        }
      >
        <Facts>
          <Fact label={t('detail.fields.orderNo')}>
            <span className="font-mono">{detail.order.order_no}</span>
          </Fact>
          <Fact label={t('detail.fields.status')}>{orderText.label('status', detail.order.status, detail.order.status_name)}</Fact>
          <Fact label={t('detail.fields.goods')}>{orDash(detail.goods_title)}</Fact>
          <Fact label={t('detail.fields.customer')}>{detail.customer_name}</Fact>
          <Fact label={t('detail.fields.phone')}>
            <span className="tabular-nums">{detail.customer_phone}</span>
          </Fact>
          {detail.sub_shop_name && <Fact label={t('detail.fields.subShop')}>{detail.sub_shop_name}</Fact>}
          <Fact label={t('detail.fields.lease')}>
            <span className="tabular-nums">
              {formatDate(detail.order.lease_start)} ~ {formatDate(detail.order.lease_end)}
            </span>
          </Fact>
          <Fact label={t('detail.fields.rent')}>
            {formatCurrency(detail.order.rent)} · {t('detail.termValue', { term: detail.order.term })}
          </Fact>
          <Fact label={t('detail.fields.oldestDue')}>{formatDate(detail.oldest_due_on)}</Fact>
          <Fact label={t('detail.fields.opened')}>{formatDate(detail.opened_on)}</Fact>
          {detail.closed_on && <Fact label={t('detail.fields.closed')}>{formatDate(detail.closed_on)}</Fact>}
          <Fact label={t('detail.fields.assignee')}>{detail.assignee_name || t('unassigned')}</Fact>
          <Fact label={t('detail.fields.priority')}>{detail.priority}</Fact>
          <Fact label={t('detail.fields.nextAction')}>{formatDate(detail.next_action_on)}</Fact>
        </Facts>
      </DetailSection>
      <DetailSection id="recovery-promises" title={t('detail.sections.promises')}>
        {detail.promises.length === 0 ? (
          <p className="text-sm text-slate-500">{t('detail.promisesEmpty')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-100" data-promises>
            {detail.promises.map((promise) => (
              <li key={promise.id} className="flex flex-wrap items-start justify-between gap-2 py-2 text-sm" data-promise-state={promise.state}>
                <div className="min-w-0">
                  <p className="text-slate-900">{t('detail.promiseLine', { day: formatDate(promise.promised_on), amount: formatCurrency(promise.amount) })}</p>
                  {promise.note && <p className="text-slate-600 [overflow-wrap:anywhere]">{promise.note}</p>}
                  <p className="text-xs text-slate-500">
                    {t('detail.by', { actor: promise.actor, time: formatDateTime(promise.created_at) })}
                    {promise.decided_on && ` · ${t('detail.decidedOn', { day: formatDate(promise.decided_on) })}`}
                  </p>
                </div>
                <StatusBadge tone={promiseStateTone(promise.state)}>{promiseStateName(t, promise.state)}</StatusBadge>
              </li>
            ))}
          </ul>
        )}
      </DetailSection>
      <DetailSection id="recovery-contacts" title={t('detail.sections.contacts')}>
        {detail.contacts.length === 0 && detail.payment_links.length === 0 ? (
          <p className="text-sm text-slate-500">{t('detail.contactsEmpty')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-100" data-contacts>
            {caseLog(detail.contacts, detail.payment_links).map((item) => {
              if (item.kind === 'link') {
                const link = item.entry;
                const outcome = linkOutcome(link.status);
                return (
                  <li key={`link-${link.out_trade_no}`} className="py-2 text-sm" data-payment-link={outcome}>
                    <p className="font-medium text-slate-900">
                      {t('detail.linkLine', { outcome, amount: formatCurrency(link.amount), paid: formatCurrency(link.paid_amount) })}
                      {link.sms === 'sent' && <span className="font-normal text-slate-500"> · {t('detail.linkTexted')}</span>}
                    </p>
                    <p className="text-xs text-slate-500">
                      {t('detail.by', { actor: link.actor, time: formatDateTime(link.created_at) })}
                      {link.paid_at && ` · ${t('detail.linkPaidAt', { time: formatDateTime(link.paid_at) })}`}
                    </p>
                  </li>
                );
              }
              const contact = item.entry;
              return (
                <li key={contact.id} className="py-2 text-sm" data-contact-outcome={contact.outcome}>
                  <p className="font-medium text-slate-900">
                    {t('detail.contactLine', {
                      channel: channelName(t, contact.channel),
                      outcome: outcomeName(t, contact.outcome),
                    })}
                  </p>
                  {contact.note && <p className="whitespace-pre-line text-slate-700 [overflow-wrap:anywhere]">{contact.note}</p>}
                  <p className="text-xs text-slate-500">{t('detail.by', { actor: contact.actor, time: formatDateTime(contact.contacted_at) })}</p>
                </li>
              );
            })}
          </ul>
        )}
      </DetailSection>
      <ContactDialog caseId={detail.id} open={open === 'contact'} onClose={() => setOpen(null)} onPromised={() => setOpen(isOpen ? 'promise' : null)} />
      <PromiseDialog caseId={detail.id} owed={detail.total_owed} open={open === 'promise'} onClose={() => setOpen(null)} />
      <PaymentLinkDialog caseId={detail.id} open={open === 'paymentLink'} onClose={() => setOpen(null)} />
      <RevealIdentityDialog open={open === 'reveal'} orderRef={{ id: detail.order_id }} onClose={() => setOpen(null)} />
      <AssignDialog caseIds={assigning} onClose={() => setAssigning([])} />
      <ReasonDialog
        open={open === 'writeOff'}
        onClose={() => setOpen(null)}
        title={t('detail.writeOffDialog.title', { orderNo: detail.order_no })}
        description={t('detail.writeOffDialog.description', { amount: formatCurrency(detail.total_owed), days: detail.days_past_due })}
        confirmLabel={t('detail.writeOffDialog.confirm')}
        reasonRequired
        danger
        maxLength={300}
        onConfirm={(reason) =>
          writeOff.mutateAsync({ case_id: detail.id, reason: reason.trim(), idempotency_key: writeOffKey }).then(() => setWriteOffKey(newIdempotencyKey('write-off')))
        }
      />
    </div>
  );
}

/** /recovery/[id]: one case — what is owed, the order, promises and the contact log. */
export function CaseDetailScreen() {
  const t = useTranslations('recovery');
  const params = useParams<{ id: string }>();
  const id = parseId(params.id ?? null);
  const detail = useRecoveryCase(id);
  const back = { href: WORKBENCH, label: t('detail.back') };
  if (id === null) return <EmptyState title={t('detail.missingId')} />;
  if (detail.isPending) return <DetailLoading />;
  if (detail.isError) return <DetailError title={t('detail.loadError')} error={detail.error} back={back} onRetry={() => void detail.refetch()} />;
  return <CaseView detail={detail.data} />;
}
