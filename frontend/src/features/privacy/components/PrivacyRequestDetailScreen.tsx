'use client';

import { useParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { DetailError, DetailLoading, DetailSection, Fact, Facts, parseId } from '@/components/DetailSection';
import { formatDate, formatDateTime, orDash } from '@/components/format';
import { lazyDialog } from '@/components/lazyDialog';
import { USER_TEXT } from '@/components/ui/UserText';
import { BackLink, PageHeader } from '@/components/PageHeader';
import { StatusBadge } from '@/components/StatusBadge';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { CHANNELS, isOpen, known, LOOKUPS, REQUEST_KINDS, REQUEST_STATUSES, statusTone, VERIFICATIONS } from '../lib/privacy';
import { usePrivacyRequest, type PrivacyDetail } from '../queries';
import { DeletionActions, DeletionSection } from './DeletionSection';
import { PrivacyCopyButton } from './PrivacyCopyButton';
import { DueCell } from './PrivacyRequestsScreen';

const AssignRequestDialog = lazyDialog(() => import('./RequestDialogs').then((module) => module.AssignRequestDialog), (props) => props.open);
const CorrectContactDialog = lazyDialog(() => import('./RequestDialogs').then((module) => module.CorrectContactDialog), (props) => props.open);
const AnswerRequestDialog = lazyDialog(() => import('./RequestDialogs').then((module) => module.AnswerRequestDialog), (props) => props.result !== null);

const LIST = '/privacyRequests';

function RequestView({ detail }: { detail: PrivacyDetail }) {
  const t = useTranslations('privacyRequests');
  const [assigning, setAssigning] = useState(false);
  const [answering, setAnswering] = useState<'completed' | 'refused' | null>(null);
  const [correcting, setCorrecting] = useState(false);
  const open = isOpen(detail.status);
  const label = <T extends readonly string[]>(values: T, group: 'kind' | 'status' | 'channel' | 'verification' | 'lookupBy', value: string, fallback: string) =>
    known(values, value) ? t(`${group}.${value}` as Parameters<typeof t>[0]) : fallback;
  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        back={<BackLink href={LIST}>{t('detail.back')}</BackLink>}
        title={t('detail.title', { no: detail.request_no })}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <StatusBadge tone={statusTone(detail.status, detail.overdue)}>{label(REQUEST_STATUSES, 'status', detail.status, detail.status_name)}</StatusBadge>
            <span>{label(REQUEST_KINDS, 'kind', detail.kind, detail.kind_name)}</span>
            <DueCell left={detail.working_days_left} />
          </span>
        }
        actions={
          open ? (
            <div className="flex flex-wrap gap-2">
              {detail.kind === 'access' && detail.customer && <PrivacyCopyButton requestId={detail.id} />}
              {detail.kind === 'correct' && detail.customer && (
                <Button variant="secondary" onClick={() => setCorrecting(true)}>
                  {t('detail.correct')}
                </Button>
              )}
              {detail.deletion ? <DeletionActions requestId={detail.id} deletion={detail.deletion} /> : <Button onClick={() => setAnswering('completed')}>{t('detail.complete')}</Button>}
              <Button variant="secondary" onClick={() => setAssigning(true)}>
                {t('detail.assign')}
              </Button>
              <Button variant="danger" onClick={() => setAnswering('refused')}>
                {t('detail.refuse')}
              </Button>
            </div>
          ) : undefined
        }
      />
      <DetailSection id="privacy-request" title={t('detail.request')}>
        <Facts>
          <Fact label={t('list.columns.requester')}>
            <span {...USER_TEXT}>{detail.requester_name}</span>
          </Fact>
          <Fact label={t('detail.requesterPhone')}>
            <span className="tabular-nums">{detail.requester_phone}</span>
          </Fact>
          <Fact label={t('detail.channel')}>{label(CHANNELS, 'channel', detail.channel, detail.channel_name)}</Fact>
          <Fact label={t('detail.verification')}>{label(VERIFICATIONS, 'verification', detail.verification, detail.verification_name)}</Fact>
          <Fact label={t('detail.verificationNote')} userText>
            {orDash(detail.verification_note)}
          </Fact>
          <Fact label={t('list.columns.received')}>{formatDate(detail.received_on)}</Fact>
          <Fact label={t('list.columns.due')}>{formatDate(detail.due_on)}</Fact>
          <Fact label={t('list.columns.handler')}>{detail.handler_name ? <span {...USER_TEXT}>{detail.handler_name}</span> : t('list.noHandler')}</Fact>
          <Fact label={t('detail.createdBy')}>{orDash(detail.created_by_name)}</Fact>
        </Facts>
        {detail.detail && <p className="mt-3 whitespace-pre-line text-sm text-slate-700 [overflow-wrap:anywhere]">{detail.detail}</p>}
        <p className="mt-2 text-xs text-slate-500">{t('detail.dueNote')}</p>
      </DetailSection>
      <DetailSection id="privacy-subject" title={t('detail.subject')}>
        <Facts>
          <Fact label={t('detail.lookup')}>
            {label(LOOKUPS, 'lookupBy', detail.lookup_by, detail.lookup_by)}
            {detail.lookup && <span className="ml-1 tabular-nums text-slate-500">{detail.lookup}</span>}
          </Fact>
        </Facts>
        {detail.customer ? (
          <Facts>
            <Fact label={t('detail.customerName')}>{detail.customer.name}</Fact>
            <Fact label={t('detail.customerPhone')}>
              <span className="tabular-nums">{detail.customer.phone}</span>
            </Fact>
            <Fact label={t('detail.customerIdNumber')}>
              <span className="tabular-nums">{detail.customer.id_number}</span>
            </Fact>
          </Facts>
        ) : (
          <p className="mt-2 text-sm text-slate-600">{t('detail.noCustomer')}</p>
        )}
      </DetailSection>
      {detail.deletion && <DeletionSection deletion={detail.deletion} />}
      {!open && (
        <DetailSection id="privacy-answer" title={t('detail.answer')}>
          <Facts>
            {detail.outcome && (
              <Fact label={t('detail.outcome')} userText>
                <span className="whitespace-pre-line">{detail.outcome}</span>
              </Fact>
            )}
            {detail.refusal_reason && (
              <Fact label={t('detail.refusalReason')} userText>
                <span className="whitespace-pre-line">{detail.refusal_reason}</span>
              </Fact>
            )}
            <Fact label={t('detail.answeredAt')}>{formatDateTime(detail.answered_at)}</Fact>
          </Facts>
        </DetailSection>
      )}
      <DetailSection id="privacy-history" title={t('detail.history')}>
        <ul className="flex flex-col divide-y divide-slate-100">
          {detail.history.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span>{label(REQUEST_STATUSES, 'status', entry.to_status, entry.to_status)}</span>
              <span className="text-xs text-slate-500">
                {entry.actor} · {formatDateTime(entry.created_at)}
              </span>
            </li>
          ))}
        </ul>
      </DetailSection>
      <AssignRequestDialog requestId={detail.id} open={assigning} onClose={() => setAssigning(false)} />
      <CorrectContactDialog requestId={detail.id} open={correcting} onClose={() => setCorrecting(false)} />
      <AnswerRequestDialog requestId={detail.id} result={answering} onClose={() => setAnswering(null)} />
    </div>
  );
}

/** /privacyRequests/[id]: one request — who asked, the customer concerned (masked), the answer, its history. */
export function PrivacyRequestDetailScreen() {
  const t = useTranslations('privacyRequests');
  const params = useParams<{ id: string }>();
  const id = parseId(params.id ?? null);
  const detail = usePrivacyRequest(id);
  if (id === null) return <EmptyState title={t('detail.missingId')} />;
  if (detail.isPending) return <DetailLoading />;
  if (detail.isError) return <DetailError title={t('detail.loadError')} error={detail.error} back={{ href: LIST, label: t('detail.back') }} onRetry={() => void detail.refetch()} />;
  return <RequestView detail={detail.data} />;
}
