'use client';

import type { ReactNode } from 'react';
import { DetailDialog, DialogSection } from '@/components/DetailDialog';
import { Fact } from '@/components/DetailSection';
import { formatCurrency, formatDateTime } from '@/components/format';
import { HistoryList } from '@/components/history/HistoryList';
import type { HistoryEntry } from '@/components/history/auditText';
import { ReviewRefusals } from './ReviewRefusals';
import type { ReviewAction } from './reviewActions';

/** The catalogue keys every reviewed request's feature has (`withdrawal.*`, `risk.*`), worded its own way. */
type ReviewedRequestKey =
  | 'detail.title'
  | 'detail.titleLoading'
  | 'detail.loadError'
  | 'detail.close'
  | 'detail.facts'
  | 'detail.timeline'
  | 'fields.amount'
  | 'fields.status'
  | 'fields.merchant'
  | 'fields.applicant'
  | 'fields.createdAt'
  | 'fields.providerTradeNo'
  | 'fields.rejectReason'
  | 'fields.failureReason';

/** The feature's translator (`useTranslations('withdrawal')`), for the keys above. */
export type ReviewedRequestTranslate = (key: ReviewedRequestKey, values?: { no: string }) => string;

/** What every reviewed request's detail answers (a withdrawal, a risk recharge). */
export interface ReviewedRequest {
  amount: string;
  status: string;
  merchant_name?: string | null;
  applicant: string;
  created_at: string;
  provider_trade_no?: string | null;
  reject_reason?: string | null;
  failure_reason?: string | null;
  actions?: readonly ReviewAction[];
}

/**
 * One reviewed request (a withdrawal, a risk recharge) in a detail dialog: its number as the
 * title; its facts — amount, status, the merchant on the platform, how it is paid (`how`), who
 * sent it and when, `more` of the feature's own, the provider's reference and why it was refused
 * or failed; the feature's own `sections`; the actions this person may not take, with why; and
 * its status moves. `kind` names the dialog's regions (`withdrawal-facts`).
 */
export function ReviewedRequestDetailDialog<T extends ReviewedRequest>({
  kind,
  t,
  open,
  onClose,
  query,
  number,
  platform,
  status,
  how,
  more,
  sections,
  actionLabel,
  timeline,
}: {
  kind: string;
  t: ReviewedRequestTranslate;
  open: boolean;
  onClose: () => void;
  query: { isPending: boolean; isError: boolean; error?: unknown; data: T | undefined; refetch: () => unknown };
  number: (data: T) => string;
  platform: boolean;
  status: (data: T) => ReactNode;
  how: (data: T) => ReactNode;
  more: (data: T) => ReactNode;
  sections?: (data: T) => ReactNode;
  actionLabel: (action: string) => string;
  timeline: (data: T) => HistoryEntry[];
}) {
  return (
    <DetailDialog
      open={open}
      onClose={onClose}
      query={query}
      title={(data) => t('detail.title', { no: number(data) })}
      loadingTitle={t('detail.titleLoading')}
      errorTitle={t('detail.loadError')}
      closeLabel={t('detail.close')}
      width={720}
    >
      {(data) => {
        const reason = data.reject_reason || data.failure_reason;
        return (
          <div className="flex flex-col gap-5">
            <DialogSection id={`${kind}-facts`} title={t('detail.facts')} hideTitle>
              <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
                <Fact label={t('fields.amount')}>
                  <span className="font-semibold tabular-nums">{formatCurrency(data.amount)}</span>
                </Fact>
                <Fact label={t('fields.status')}>{status(data)}</Fact>
                {platform && <Fact label={t('fields.merchant')}>{data.merchant_name}</Fact>}
                {how(data)}
                <Fact label={t('fields.applicant')}>{data.applicant}</Fact>
                <Fact label={t('fields.createdAt')}>{formatDateTime(data.created_at)}</Fact>
                {more(data)}
                {data.provider_trade_no && <Fact label={t('fields.providerTradeNo')}>{data.provider_trade_no}</Fact>}
                {reason && <Fact label={data.reject_reason ? t('fields.rejectReason') : t('fields.failureReason')}>{reason}</Fact>}
              </dl>
            </DialogSection>
            {sections?.(data)}
            <ReviewRefusals id={`${kind}-refusals`} actions={data.actions} label={actionLabel} />
            <DialogSection id={`${kind}-timeline`} title={t('detail.timeline')}>
              <HistoryList entries={timeline(data)} label={t('detail.timeline')} />
            </DialogSection>
          </div>
        );
      }}
    </DetailDialog>
  );
}
