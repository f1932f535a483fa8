'use client';
/* eslint-disable @next/next/no-img-element -- the voucher is a private file behind a short-lived signed link and the QR code a data URI: next/image would proxy and cache them */

import { useTranslations } from 'next-intl';
import { DialogSection } from '@/components/DetailDialog';
import { Fact } from '@/components/DetailSection';
import { formatDateTime } from '@/components/format';
import { ReviewedRequestDetailDialog } from '@/components/review/ReviewedRequestDetail';
import { rechargeTimeline, type RechargeTimelineRow } from '../lib/risk';
import { useRechargeDetail, type RechargeDetail } from '../queries';
import { RechargeStatusBadge } from './RechargeStatusBadge';

/** One recharge: its facts, the transfer voucher (a short-lived private link), the QR code while it waits, its status moves. */
export function RechargeDetailDialog({ id, platform, onClose }: { id: number | null; platform: boolean; onClose: () => void }) {
  const t = useTranslations('risk');
  return (
    <ReviewedRequestDetailDialog<RechargeDetail>
      kind="recharge"
      t={t}
      open={id !== null}
      onClose={onClose}
      query={useRechargeDetail(id)}
      number={(data) => data.recharge_no}
      platform={platform}
      status={(data) => <RechargeStatusBadge status={data.status} fallback={data.status_name} />}
      how={(data) => <Fact label={t('fields.method')}>{t(`method.${data.method === 'qr' ? 'qr' : 'offline'}`)}</Fact>}
      more={(data) => (
        <>
          <Fact label={t('fields.creditedAt')}>{formatDateTime(data.credited_at)}</Fact>
          {data.remark && <Fact label={t('fields.remark')}>{data.remark}</Fact>}
          {data.reviewer && <Fact label={t('fields.reviewer')}>{`${data.reviewer} · ${formatDateTime(data.reviewed_at)}`}</Fact>}
        </>
      )}
      sections={(data) => <RechargeSections data={data} />}
      actionLabel={(action) => (action === 'approve' ? t('actions.approve') : action === 'reject' ? t('actions.reject') : action)}
      timeline={(data) => rechargeTimeline(data.timeline as RechargeTimelineRow[])}
    />
  );
}

function RechargeSections({ data }: { data: RechargeDetail }) {
  const t = useTranslations('risk');
  return (
    <>
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
    </>
  );
}
