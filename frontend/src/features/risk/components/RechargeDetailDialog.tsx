'use client';
/* eslint-disable @next/next/no-img-element -- the voucher is a private file behind a short-lived signed link and the QR code a data URI: next/image would proxy and cache them */

import { useTranslations } from 'next-intl';
import { DetailDialog, DialogSection } from '@/components/DetailDialog';
import { Fact } from '@/components/DetailSection';
import { formatCurrency, formatDateTime } from '@/components/format';
import { HistoryList } from '@/components/history/HistoryList';
import { ReviewRefusals } from '@/components/review/ReviewRefusals';
import { rechargeTimeline, type RechargeTimelineRow } from '../lib/risk';
import { useRechargeDetail, type RechargeDetail } from '../queries';
import { RechargeStatusBadge } from './RechargeStatusBadge';

/** One recharge: its facts, the transfer voucher (a short-lived private link), the QR code while it waits, its status moves. */
export function RechargeDetailDialog({ id, platform, onClose }: { id: number | null; platform: boolean; onClose: () => void }) {
  const t = useTranslations('risk');
  return (
    <DetailDialog
      open={id !== null}
      onClose={onClose}
      query={useRechargeDetail(id)}
      title={(data) => t('detail.title', { no: data.recharge_no })}
      loadingTitle={t('detail.titleLoading')}
      errorTitle={t('detail.loadError')}
      closeLabel={t('detail.close')}
      width={720}
    >
      {(data) => <DetailBody data={data} platform={platform} />}
    </DetailDialog>
  );
}

function DetailBody({ data, platform }: { data: RechargeDetail; platform: boolean }) {
  const t = useTranslations('risk');
  const reason = data.reject_reason || data.failure_reason;
  return (
    <div className="flex flex-col gap-5">
      <DialogSection id="recharge-facts" title={t('detail.facts')} hideTitle>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
          <Fact label={t('fields.amount')}>
            <span className="font-semibold tabular-nums">{formatCurrency(data.amount)}</span>
          </Fact>
          <Fact label={t('fields.status')}>
            <RechargeStatusBadge status={data.status} fallback={data.status_name} />
          </Fact>
          {platform && <Fact label={t('fields.merchant')}>{data.merchant_name}</Fact>}
          <Fact label={t('fields.method')}>{t(`method.${data.method === 'qr' ? 'qr' : 'offline'}`)}</Fact>
          <Fact label={t('fields.applicant')}>{data.applicant}</Fact>
          <Fact label={t('fields.createdAt')}>{formatDateTime(data.created_at)}</Fact>
          <Fact label={t('fields.creditedAt')}>{formatDateTime(data.credited_at)}</Fact>
          {data.remark && <Fact label={t('fields.remark')}>{data.remark}</Fact>}
          {data.reviewer && <Fact label={t('fields.reviewer')}>{`${data.reviewer} · ${formatDateTime(data.reviewed_at)}`}</Fact>}
          {data.provider_trade_no && <Fact label={t('fields.providerTradeNo')}>{data.provider_trade_no}</Fact>}
          {reason && <Fact label={data.reject_reason ? t('fields.rejectReason') : t('fields.failureReason')}>{reason}</Fact>}
        </dl>
      </DialogSection>
      {data.method === 'offline' && (
        <DialogSection id="recharge-voucher" title={t('detail.voucher')}>
          {data.voucher_url ? (
            <a href={data.voucher_url} target="_blank" rel="noreferrer" className="block w-fit">
              <img src={data.voucher_url} alt={t('detail.voucherAlt')} className="max-h-80 max-w-full rounded-md border border-slate-200 object-contain" />
            </a>
          ) : (
            <p className="text-sm text-slate-500">{t('detail.noVoucher')}</p>
          )}
        </DialogSection>
      )}
      {data.qr_image && (
        <DialogSection id="recharge-qr" title={t('detail.qr')}>
          <img src={data.qr_image} alt={t('qr.imageAlt')} className="size-48 rounded-md border border-slate-200" />
        </DialogSection>
      )}
      <ReviewRefusals id="recharge-refusals" actions={data.actions} label={(action) => (action === 'approve' ? t('actions.approve') : action === 'reject' ? t('actions.reject') : action)} />
      <DialogSection id="recharge-timeline" title={t('detail.timeline')}>
        <HistoryList entries={rechargeTimeline(data.timeline as RechargeTimelineRow[])} label={t('detail.timeline')} />
      </DialogSection>
    </div>
  );
}
