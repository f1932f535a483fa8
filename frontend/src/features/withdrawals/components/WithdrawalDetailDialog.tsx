'use client';

import { useTranslations } from 'next-intl';
import { DetailDialog, DialogSection } from '@/components/DetailDialog';
import { Fact } from '@/components/DetailSection';
import { formatCurrency, formatDateTime } from '@/components/format';
import { HistoryList } from '@/components/history/HistoryList';
import { ReviewRefusals } from '@/components/review/ReviewRefusals';
import { withdrawalTimeline, type WithdrawalTimelineRow } from '../lib/withdrawals';
import { useWithdrawalDetail, type WithdrawalDetail } from '../queries';
import { accountText, WithdrawalStatusBadge } from './WithdrawalStatusBadge';

/** One withdrawal: its facts, who approved it, and its status moves. */
export function WithdrawalDetailDialog({ id, platform, onClose }: { id: number | null; platform: boolean; onClose: () => void }) {
  const t = useTranslations('withdrawal');
  return (
    <DetailDialog
      open={id !== null}
      onClose={onClose}
      query={useWithdrawalDetail(id)}
      title={(data) => t('detail.title', { no: data.withdrawal_no })}
      loadingTitle={t('detail.titleLoading')}
      errorTitle={t('detail.loadError')}
      closeLabel={t('detail.close')}
      width={720}
    >
      {(data) => <DetailBody data={data} platform={platform} />}
    </DetailDialog>
  );
}

function DetailBody({ data, platform }: { data: WithdrawalDetail; platform: boolean }) {
  const t = useTranslations('withdrawal');
  const reason = data.reject_reason || data.failure_reason;
  return (
    <div className="flex flex-col gap-5">
      <DialogSection id="withdrawal-facts" title={t('detail.facts')} hideTitle>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
          <Fact label={t('fields.amount')}>
            <span className="font-semibold tabular-nums">{formatCurrency(data.amount)}</span>
          </Fact>
          <Fact label={t('fields.status')}>
            <WithdrawalStatusBadge status={data.status} fallback={data.status_name} />
          </Fact>
          {platform && <Fact label={t('fields.merchant')}>{data.merchant_name}</Fact>}
          <Fact label={t('fields.account')} userText>{accountText(data)}</Fact>
          <Fact label={t('fields.applicant')}>{data.applicant}</Fact>
          <Fact label={t('fields.createdAt')}>{formatDateTime(data.created_at)}</Fact>
          <Fact label={t('fields.paidAt')}>{formatDateTime(data.paid_at)}</Fact>
          <Fact label={t('fields.remark')}>{data.remark}</Fact>
          {data.provider_trade_no && <Fact label={t('fields.providerTradeNo')}>{data.provider_trade_no}</Fact>}
          {reason && <Fact label={data.reject_reason ? t('fields.rejectReason') : t('fields.failureReason')}>{reason}</Fact>}
        </dl>
      </DialogSection>
      <DialogSection id="withdrawal-approvals" title={t('detail.approvals')}>
        {data.needs_two && <p className="text-xs text-slate-500">{t('detail.needsTwo')}</p>}
        {data.approvals.length === 0 ? (
          <p className="text-sm text-slate-500">{t('detail.noApprovals')}</p>
        ) : (
          <ol className="flex flex-col gap-1 text-sm text-slate-700">
            {data.approvals.map((approval) => (
              <li key={`${approval.account_id}-${approval.created_at}`}>{t('detail.approvedBy', { name: approval.name, time: formatDateTime(approval.created_at) })}</li>
            ))}
          </ol>
        )}
        {data.approvals_needed > 0 && <p className="text-sm font-medium text-amber-700">{t('detail.approvalsLeft', { count: data.approvals_needed })}</p>}
      </DialogSection>
      <ReviewRefusals id="withdrawal-refusals" actions={data.actions} label={(action) => actionLabel(t, action)} />
      <DialogSection id="withdrawal-timeline" title={t('detail.timeline')}>
        <HistoryList entries={withdrawalTimeline(data.timeline as WithdrawalTimelineRow[])} label={t('detail.timeline')} />
      </DialogSection>
    </div>
  );
}

function actionLabel(t: ReturnType<typeof useTranslations<'withdrawal'>>, action: string): string {
  return action === 'approve' ? t('actions.approve') : action === 'reject' ? t('actions.reject') : action === 'cancel' ? t('actions.cancel') : action;
}
