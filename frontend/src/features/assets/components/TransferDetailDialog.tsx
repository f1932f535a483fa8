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
import { normalizeCode } from '../lib/scan';
import { mayReceive, TRANSFER_STATUSES, transferTone, unitsInTransit } from '../lib/stock';
import { unitCodes } from '../lib/units';
import { useReceiveTransfer, useTransferDetail } from '../queries';
import type { TransferDetail } from '../types';
import { ScanInput } from './ScanInput';
import { UnitCodes } from './unitColumns';
import { UnitStatusBadge } from './UnitBadges';

/** The unit of a transfer a scanned code names (serial numbers and MEIDs upper-case, as the backend compares them). */
function unitOfCode(detail: TransferDetail, code: string) {
  const wanted = normalizeCode(code).toUpperCase();
  return detail.units.find((unit) => unitCodes(unit).some((value) => value.toUpperCase() === wanted)) ?? null;
}

/**
 * A transfer's units, and receiving it where it arrives: every unit still in transit at once,
 * the units ticked, or each one scanned as it is unpacked (the rest stay in transit until received).
 */
export function TransferDetailDialog({ transferId, ownSubShop, canTransfer, onClose }: { transferId: number | null; ownSubShop: { id: number } | null; canTransfer: boolean; onClose: () => void }) {
  const t = useTranslations('assets.transfers');
  const place = useTranslations('assets.place');
  const detail = useTransferDetail(transferId);
  const receive = useReceiveTransfer();
  const [failure, setFailure] = useState<string | null>(null);
  const [ticked, setTicked] = useState<number[]>([]);
  const data = detail.data;
  const receivable = data ? mayReceive(data, ownSubShop, canTransfer) : false;
  const pending = data ? unitsInTransit(data.units) : [];
  const chosen = ticked.filter((id) => pending.some((unit) => unit.id === id));
  // Why receiving is not offered to this session while the transfer is in transit.
  const notYours = data && data.status === 'in_transit' && !receivable ? (canTransfer ? t('receiveNotHere') : t('receiveNoRight')) : null;
  const name = (id: number | null, text: string) => (id === null ? place('warehouse') : <UserText>{text}</UserText>);

  const confirm = (unitIds?: number[]) => {
    if (!data) return;
    setFailure(null);
    receive.mutate(unitIds ? { id: data.id, unit_ids: unitIds } : { id: data.id }, {
      onSuccess: () => setTicked([]),
      onError: (error) => setFailure(asApiError(error)?.message || t('failed')),
    });
  };

  const onScan = async (code: string) => {
    if (!data) throw new Error(t('failed'));
    const saved = await receive.mutateAsync({ id: data.id, codes: [code] });
    const unit = unitOfCode(saved, code);
    return (
      <>
        {unit && (
          <>
            <UserText>{`${unit.goods_name} · ${unit.sku_name}`}</UserText> ·{' '}
          </>
        )}
        {t('receivedOne', { received: saved.received_count, total: saved.unit_count })}
      </>
    );
  };

  const toggle = (id: number) => setTicked((current) => (current.includes(id) ? current.filter((item) => item !== id) : [...current, id]));
  const tickWhy = chosen.length === 0 ? t('tickFirst') : undefined;

  return (
    <Dialog
      open={transferId !== null}
      onClose={receive.isPending ? () => undefined : onClose}
      title={t('detailTitle', { id: transferId ?? 0 })}
      width={760}
      footer={
        <>
          {receivable && tickWhy && pending.length > 0 && (
            <span className="mr-auto self-center text-xs text-slate-500" id="receive-tick-why">
              {tickWhy}
            </span>
          )}
          <Button variant="secondary" onClick={onClose} disabled={receive.isPending}>
            {t('close')}
          </Button>
          {receivable && pending.length > 0 && (
            <>
              <Button variant="secondary" onClick={() => confirm(chosen)} disabled={Boolean(tickWhy) || receive.isPending} aria-describedby={tickWhy ? 'receive-tick-why' : undefined}>
                {t('receiveTicked', { count: chosen.length })}
              </Button>
              <Button onClick={() => confirm()} loading={receive.isPending}>
                {t('receiveConfirm', { count: pending.length })}
              </Button>
            </>
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
            <Fact label={t('receivedProgress')}>
              <span data-transfer-received={`${data.received_count}/${data.unit_count}`}>{t('receivedOf', { received: data.received_count, total: data.unit_count })}</span>
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
          {receivable && pending.length > 0 && <ScanInput label={t('receiveScan')} onScan={onScan} />}
          {notYours && <p className="text-sm text-slate-500">{notYours}</p>}
          {data.units.length === 0 ? (
            <p className="text-sm text-slate-500">{t('noUnits')}</p>
          ) : (
            <ul className="flex max-h-72 flex-col divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200" aria-label={t('unitsLabel')}>
              {data.units.map((unit) => {
                const inTransit = pending.some((item) => item.id === unit.id);
                const code = unit.serial_number || unit.imei1 || unit.meid;
                return (
                  <li key={unit.id} className="flex flex-wrap items-center gap-3 px-3 py-1.5 text-sm" data-transfer-unit={unit.status}>
                    {receivable && (
                      <input
                        type="checkbox"
                        className="size-4 cursor-pointer accent-brand-600 disabled:cursor-not-allowed"
                        aria-label={t('tickUnit', { code })}
                        title={inTransit ? undefined : t('alreadyReceived')}
                        checked={inTransit && chosen.includes(unit.id)}
                        disabled={!inTransit || receive.isPending}
                        onChange={() => toggle(unit.id)}
                      />
                    )}
                    <UnitCodes unit={unit} />
                    <UserText className="min-w-0 flex-1 text-slate-600">{`${unit.goods_name} · ${unit.sku_name}`}</UserText>
                    <UnitStatusBadge status={unit.status} label={unit.status_label} />
                  </li>
                );
              })}
            </ul>
          )}
          {failure && <FormError title={t('failed')} message={failure} />}
        </div>
      )}
    </Dialog>
  );
}
