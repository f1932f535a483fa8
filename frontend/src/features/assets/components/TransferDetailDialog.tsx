'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { DetailError, DetailLoading, Fact, Facts } from '@/components/DetailSection';
import { formatDateTime } from '@/components/format';
import { StatusBadge } from '@/components/StatusBadge';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { FormError } from '@/components/ui/FormError';
import { UserText } from '@/components/ui/UserText';
import { asApiError } from '@/lib/apiError';
import { mayReceive, TRANSFER_STATUSES, transferTone } from '../lib/stock';
import { useReceiveTransfer, useTransferDetail } from '../queries';
import { UnitCodes } from './unitColumns';
import { UnitStatusBadge } from './UnitBadges';

/** A transfer's units, and receiving it where it arrives. */
export function TransferDetailDialog({ transferId, ownSubShop, canTransfer, onClose }: { transferId: number | null; ownSubShop: { id: number } | null; canTransfer: boolean; onClose: () => void }) {
  const t = useTranslations('assets.transfers');
  const place = useTranslations('assets.place');
  const detail = useTransferDetail(transferId);
  const receive = useReceiveTransfer();
  const [failure, setFailure] = useState<string | null>(null);
  const data = detail.data;
  const receivable = data ? mayReceive(data, ownSubShop, canTransfer) : false;
  const name = (id: number | null, text: string) => (id === null ? place('warehouse') : <UserText>{text}</UserText>);

  const confirm = () => {
    if (!data) return;
    setFailure(null);
    receive.mutate(data.id, { onError: (error) => setFailure(asApiError(error)?.message || t('failed')) });
  };

  return (
    <Dialog
      open={transferId !== null}
      onClose={receive.isPending ? () => undefined : onClose}
      title={t('detailTitle', { id: transferId ?? 0 })}
      width={760}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={receive.isPending}>
            {t('close')}
          </Button>
          {receivable && (
            <Button onClick={confirm} loading={receive.isPending}>
              {t('receiveConfirm', { count: data?.unit_count ?? 0 })}
            </Button>
          )}
        </>
      }
    >
      {detail.isPending ? (
        <DetailLoading />
      ) : detail.isError || !data ? (
        <DetailError title={t('loadError')} error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <div className="flex flex-col gap-4" data-transfer-detail={data.status}>
          <Facts>
            <Fact label={t('from')}>{name(data.from_sub_shop_id, data.from_name)}</Fact>
            <Fact label={t('toPlace')}>{name(data.to_sub_shop_id, data.to_name)}</Fact>
            <Fact label={t('columns.status')}>
              <StatusBadge tone={transferTone(data.status)}>{(TRANSFER_STATUSES as readonly string[]).includes(data.status) ? t(`status.${data.status as 'in_transit'}`) : data.status_label}</StatusBadge>
            </Fact>
            <Fact label={t('columns.sent')}>
              {formatDateTime(data.sent_at)} {data.sent_by && <UserText>{data.sent_by}</UserText>}
            </Fact>
            <Fact label={t('columns.received')}>
              {data.received_at ? (
                <>
                  {formatDateTime(data.received_at)} {data.received_by && <UserText>{data.received_by}</UserText>}
                </>
              ) : (
                ''
              )}
            </Fact>
          </Facts>
          <ul className="flex max-h-72 flex-col divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200" aria-label={t('unitsLabel')}>
            {data.units.map((unit) => (
              <li key={unit.id} className="flex flex-wrap items-center gap-3 px-3 py-1.5 text-sm">
                <UnitCodes unit={unit} />
                <UserText className="min-w-0 flex-1 text-slate-600">{unit.sku_name}</UserText>
                <UnitStatusBadge status={unit.status} label={unit.status_label} />
              </li>
            ))}
          </ul>
          {failure && <FormError title={t('failed')} message={failure} />}
        </div>
      )}
    </Dialog>
  );
}
