'use client';

import { useTranslations } from 'next-intl';
import { DialogSection } from '@/components/DetailDialog';
import { Fact } from '@/components/DetailSection';
import { formatDateTime } from '@/components/format';
import { ReviewedRequestDetailDialog } from '@/components/review/ReviewedRequestDetail';
import { withdrawalTimeline, type WithdrawalTimelineRow } from '../lib/withdrawals';
import { useWithdrawalDetail, type WithdrawalDetail } from '../queries';
import { accountText, WithdrawalStatusBadge } from './WithdrawalStatusBadge';

/** One withdrawal: its facts, who approved it, and its status moves. */
export function WithdrawalDetailDialog({ id, platform, onClose }: { id: number | null; platform: boolean; onClose: () => void }) {
  const t = useTranslations('withdrawal');
  return (
    <ReviewedRequestDetailDialog<WithdrawalDetail>
      kind="withdrawal"
      t={t}
      open={id !== null}
      onClose={onClose}
      query={useWithdrawalDetail(id)}
      number={(data) => data.withdrawal_no}
      platform={platform}
      status={(data) => <WithdrawalStatusBadge status={data.status} fallback={data.status_name} />}
      how={(data) => (
        <Fact label={t('fields.account')} userText>
          {accountText(data)}
        </Fact>
      )}
      more={(data) => (
        <>
          <Fact label={t('fields.paidAt')}>{formatDateTime(data.paid_at)}</Fact>
          <Fact label={t('fields.remark')}>{data.remark}</Fact>
        </>
      )}
      sections={(data) => <Approvals data={data} />}
      actionLabel={(action) => actionLabel(t, action)}
      timeline={(data) => withdrawalTimeline(data.timeline as WithdrawalTimelineRow[])}
    />
  );
}

function Approvals({ data }: { data: WithdrawalDetail }) {
  const t = useTranslations('withdrawal');
  return (
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
  );
}

function actionLabel(t: ReturnType<typeof useTranslations<'withdrawal'>>, action: string): string {
  return action === 'approve' ? t('actions.approve') : action === 'reject' ? t('actions.reject') : action === 'cancel' ? t('actions.cancel') : action;
}
