'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { DetailSection } from '@/components/DetailSection';
import { formatCurrency, formatDateTime } from '@/components/format';
import { StatusBadge, type Tone } from '@/components/StatusBadge';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { TextAreaField } from '@/components/ui/fields';
import { Spinner } from '@/components/ui/Spinner';
import { Stats } from '@/components/ui/Stats';
import { useConfirmCreditViolation, useNoticeCreditViolation, useZhimaCreditOrder, type ZhimaCreditOrder } from '../../queries';

type Status = 'created' | 'frozen' | 'performing' | 'completed' | 'closed' | 'violation_pending' | 'violated';
const STATUS_TONES: Record<Status, Tone> = {
  created: 'slate',
  frozen: 'sky',
  performing: 'sky',
  completed: 'green',
  closed: 'slate',
  violation_pending: 'amber',
  violated: 'red',
};
const SYNC_TONES: Record<string, Tone> = { processing: 'amber', succeeded: 'green', failed: 'red' };
const isStatus = (value: string): value is Status => value in STATUS_TONES;

/**
 * A deposit-free lease's credit order at Zhima (docs/zhima.md): its status, the deposit's
 * credit part (Zhima's guarantee, no money) and fund part (the customer's money, the only part
 * booked) labelled apart, the notice before a violation, and every sync with its request number
 * and result. A session with `credit.manage` sends the notice and, after the shop's grace,
 * confirms a violation with its reason. Nothing shows for a deposit of money only.
 */
export function ZhimaCreditSection({ orderId, canManage }: { orderId: number; canManage: boolean }) {
  const t = useTranslations('order.detail.zhima');
  const read = useZhimaCreditOrder(orderId);
  if (read.isSuccess && !read.data.credit_order) return null;
  let body;
  if (read.isPending) body = <Spinner label={t('loading')} />;
  else if (read.isError)
    body = (
      <div className="flex flex-col items-start gap-2 text-sm text-red-700" role="alert">
        {t('loadFailed')}
        <Button variant="secondary" onClick={() => void read.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  else body = <CreditOrderBody row={read.data.credit_order!} orderId={orderId} canManage={canManage} />;
  return (
    <DetailSection id="order-zhima" title={t('title')}>
      {body}
    </DetailSection>
  );
}

function CreditOrderBody({ row, orderId, canManage }: { row: ZhimaCreditOrder; orderId: number; canManage: boolean }) {
  const t = useTranslations('order.detail.zhima');
  const status = isStatus(row.status) ? row.status : 'created';
  return (
    <div className="flex flex-col gap-3" data-testid="zhima-credit-order" data-status={row.status}>
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <StatusBadge tone={STATUS_TONES[status]}>{t(`statuses.${status}`)}</StatusBadge>
        <span className="min-w-0 [overflow-wrap:anywhere]">{t('service', { id: row.service_id, category: row.category || '—', mode: row.deposit_mode })}</span>
      </div>
      <Stats
        compact
        items={[
          { id: 'deposit', label: t('deposit'), value: formatCurrency(row.deposit) },
          { id: 'credit', label: t('credit'), value: formatCurrency(row.credit_amount), tone: 'muted' },
          { id: 'fund', label: t('fund'), value: formatCurrency(row.fund_amount), tone: 'primary' },
          { id: 'post_payments', label: t('postPayments'), value: t('postPaymentsValue', { count: row.post_payment_count, amount: formatCurrency(row.post_payment_amount) }) },
        ]}
      />
      <p className="text-xs text-slate-500">{t('creditNote')}</p>
      {row.violation_reason && <p className="text-sm text-red-700">{t('violationReason', { reason: row.violation_reason })}</p>}
      {row.notices.length > 0 && (
        <div>
          <h3 className="mb-1 text-sm font-semibold text-slate-800">{t('notices')}</h3>
          <ul className="flex flex-col gap-1 text-sm text-slate-700">
            {row.notices.map((notice) => (
              <li key={notice.sent_at} className="[overflow-wrap:anywhere]">
                <span className="text-xs text-slate-500 tabular-nums">{formatDateTime(notice.sent_at)}</span> {notice.text}
              </li>
            ))}
          </ul>
          {row.status === 'violation_pending' && row.violation_earliest && (
            <p id={`zhima-earliest-${orderId}`} className="mt-1 text-xs text-slate-500">
              {t('earliest', { time: formatDateTime(row.violation_earliest) })}
            </p>
          )}
          {row.status === 'violation_pending' && row.violation_asked_at && (
            <p data-asked className="mt-1 text-xs font-medium text-amber-700">
              {t('askedByLadder', { time: formatDateTime(row.violation_asked_at) })}
            </p>
          )}
        </div>
      )}
      {canManage && <ViolationActions row={row} orderId={orderId} />}
      <div>
        <h3 className="mb-1 text-sm font-semibold text-slate-800">{t('syncs')}</h3>
        {row.syncs.length === 0 ? (
          <EmptyState title={t('noSyncs')} />
        ) : (
          <ul className="divide-y divide-slate-100 rounded-md border border-slate-200 text-sm">
            {row.syncs.map((sync) => (
              <li key={sync.out_request_no} data-sync={sync.sync_status} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2">
                <span className="min-w-0 font-mono text-xs [overflow-wrap:anywhere] text-slate-700">{sync.out_request_no}</span>
                <span className="font-medium text-slate-800">{t(`syncStatuses.${sync.sync_status as 'COMPLETE'}`)}</span>
                <StatusBadge tone={SYNC_TONES[sync.result] ?? 'slate'}>{t(`results.${sync.result as 'processing'}`)}</StatusBadge>
                <span className="text-xs text-slate-500 tabular-nums">
                  {formatDateTime(sync.answered_at ?? sync.created_at)} · {t('attempts', { count: sync.attempts })}
                </span>
                {sync.error && <span className="w-full text-xs text-red-700 [overflow-wrap:anywhere]">{sync.error}</span>}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function ViolationActions({ row, orderId }: { row: ZhimaCreditOrder; orderId: number }) {
  const t = useTranslations('order.detail.zhima');
  const [asking, setAsking] = useState<'notice' | 'confirm' | null>(null);
  const [reason, setReason] = useState('');
  // When the page was opened: the grace is days long, a reload shows it ended.
  const [openedAt] = useState(() => Date.now());
  const notice = useNoticeCreditViolation(orderId);
  const confirm = useConfirmCreditViolation(orderId);
  const close = () => {
    setAsking(null);
    notice.reset();
    confirm.reset();
  };
  if (row.status !== 'performing' && row.status !== 'violation_pending') return null;
  // The server refuses a violation before the grace after the notice has run (and says until
  // when); the button says so before anyone tries.
  const graceRunning = row.violation_earliest !== null && openedAt < Date.parse(row.violation_earliest);
  return (
    <div className="flex flex-wrap gap-2">
      {row.status === 'performing' && (
        <Button variant="secondary" onClick={() => setAsking('notice')}>
          {t('sendNotice')}
        </Button>
      )}
      {row.status === 'violation_pending' && (
        <Button
          variant="danger"
          onClick={() => setAsking('confirm')}
          disabled={graceRunning}
          title={graceRunning ? t('earliest', { time: formatDateTime(row.violation_earliest!) }) : undefined}
          aria-describedby={graceRunning ? `zhima-earliest-${orderId}` : undefined}
        >
          {t('confirmViolation')}
        </Button>
      )}
      <ConfirmDialog
        open={asking === 'notice'}
        title={t('noticeTitle')}
        message={t('noticeMessage')}
        confirmLabel={t('sendNotice')}
        loading={notice.isPending}
        error={notice.error?.message ?? null}
        onConfirm={() => notice.mutate({ order_id: orderId }, { onSuccess: close })}
        onClose={close}
      />
      <ConfirmDialog
        open={asking === 'confirm'}
        title={t('confirmTitle')}
        message={t('confirmMessage')}
        confirmLabel={t('confirmViolation')}
        danger
        loading={confirm.isPending}
        error={confirm.error?.message ?? null}
        onConfirm={() => confirm.mutate({ order_id: orderId, reason: reason.trim() }, { onSuccess: close })}
        onClose={close}
      >
        <TextAreaField label={t('reason')} value={reason} maxLength={300} onChange={(event) => setReason(event.target.value)} />
      </ConfirmDialog>
    </div>
  );
}
