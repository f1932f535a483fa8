'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { DetailSection } from '@/components/DetailSection';
import { formatDateTime } from '@/components/format';
import { StatusBadge } from '@/components/StatusBadge';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import type { OrderDetail } from '@/features/orders/queries';
import { known, labelPrintable, PICKUP_STATUSES, SHIPMENT_DIRECTIONS, SHIPMENT_STATUSES, shipmentTone } from '../lib/shipments';
import { useCancelPickup, useCancelWaybill, useOrderShipments, usePrintLabels, type WaybillShipment } from '../queries';
import { PickupDialog } from './PickupDialog';
import { WaybillDialog } from './WaybillDialog';

/** Actions the order's state allows: ship by waybill (awaiting shipment), book a return pickup (a return agreed, not received). */
function offers(detail: OrderDetail) {
  return {
    ship: detail.actions.includes('ship') && detail.shipments.length === 0,
    pickup: detail.actions.includes('return_receive'),
  };
}

function ShipmentCard({ shipment, orderId, canShip }: { shipment: WaybillShipment; orderId: number; canShip: boolean }) {
  const t = useTranslations('logistics');
  const print = usePrintLabels();
  const cancel = useCancelWaybill(orderId);
  const cancelPickup = useCancelPickup(orderId);
  const status = known(SHIPMENT_STATUSES, shipment.status) ? t(`status.${shipment.status}`) : shipment.status;
  const direction = known(SHIPMENT_DIRECTIONS, shipment.direction) ? t(`direction.${shipment.direction}`) : shipment.direction;
  const failed = print.error ?? cancel.error ?? cancelPickup.error;
  return (
    <li className="rounded-md border border-slate-200 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium text-slate-900">{direction}</span>
        <StatusBadge tone={shipmentTone(shipment.status)}>{status}</StatusBadge>
        <span className="font-mono text-sm [overflow-wrap:anywhere]">{shipment.tracking_no || shipment.out_no}</span>
        {shipment.freight && <span className="text-xs text-slate-500">{t('freight', { amount: shipment.freight })}</span>}
      </div>
      {shipment.last_error && shipment.status === 'created' && <p className="mt-1 text-xs text-amber-700">{t('ship.unanswered')}</p>}
      {shipment.failure_reason && <p className="mt-1 text-xs text-red-600">{shipment.failure_reason}</p>}
      {shipment.pickup && (
        <p className="mt-1 text-sm text-slate-700">
          {t('pickup.window', { from: formatDateTime(shipment.pickup.starts_at), to: formatDateTime(shipment.pickup.ends_at).slice(-5) })} ·{' '}
          {known(PICKUP_STATUSES, shipment.pickup.status) ? t(`pickupStatus.${shipment.pickup.status}`) : shipment.pickup.status}
          {shipment.pickup.courier_name && ` · ${shipment.pickup.courier_name} ${shipment.pickup.courier_phone}`}
        </p>
      )}
      {shipment.events.length > 0 ? (
        <ol aria-label={t('events')} className="mt-2 flex flex-col gap-1 border-l border-slate-200 pl-3 text-sm">
          {shipment.events.map((event) => (
            <li key={`${event.code}-${event.occurred_at}`} className="flex flex-wrap gap-x-3">
              <time className="text-xs text-slate-500 tabular-nums">{formatDateTime(event.occurred_at)}</time>
              <span className="[overflow-wrap:anywhere]">{event.text}</span>
              {event.place && <span className="text-xs text-slate-500">{event.place}</span>}
            </li>
          ))}
        </ol>
      ) : (
        shipment.status !== 'manual' && <p className="mt-2 text-xs text-slate-500">{t('noEvents')}</p>
      )}
      {canShip && (
        <div className="mt-2 flex flex-wrap gap-2">
          {labelPrintable(shipment.status) && (
            <Button variant="secondary" className="py-1" disabled={print.isPending} onClick={() => print.mutate([shipment.id], { onSuccess: (labels) => window.open(labels.url, '_blank', 'noopener') })}>
              {t('printLabel')}
            </Button>
          )}
          {shipment.status === 'label_ready' && !shipment.pickup && (
            <Button variant="secondary" className="py-1" disabled={cancel.isPending} onClick={() => cancel.mutate(shipment.id)}>
              {t('cancelWaybill')}
            </Button>
          )}
          {shipment.pickup && ['requested', 'accepted'].includes(shipment.pickup.status) && (
            <Button variant="secondary" className="py-1" disabled={cancelPickup.isPending} onClick={() => cancelPickup.mutate(shipment.pickup?.id ?? 0)}>
              {t('pickup.cancel')}
            </Button>
          )}
        </div>
      )}
      {failed && <p className="mt-1 text-xs text-red-600">{failed.message}</p>}
    </li>
  );
}

/** The order's shipments through the carrier: each with its status, pickup, carrier events and label; ship or book a pickup from here. */
export function CarrierSection({ detail, canShip }: { detail: OrderDetail; canShip: boolean }) {
  const t = useTranslations('logistics');
  const shipments = useOrderShipments(detail.id);
  const [dialog, setDialog] = useState<'ship' | 'pickup' | null>(null);
  const can = offers(detail);
  return (
    <DetailSection
      id="order-carrier"
      title={t('section')}
      actions={
        canShip && (
          <div className="flex flex-wrap gap-2">
            {can.ship && (
              <Button className="py-1" onClick={() => setDialog('ship')} aria-haspopup="dialog">
                {t('ship.open')}
              </Button>
            )}
            {can.pickup && (
              <Button variant="secondary" className="py-1" onClick={() => setDialog('pickup')} aria-haspopup="dialog">
                {t('pickup.open')}
              </Button>
            )}
          </div>
        )
      }
    >
      {shipments.isPending ? (
        <Spinner />
      ) : shipments.isError ? (
        <p className="text-sm text-red-600">{t('loadError')}</p>
      ) : shipments.data.length === 0 ? (
        <p className="text-sm text-slate-500">{t('none')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {shipments.data.map((shipment) => (
            <ShipmentCard key={shipment.id} shipment={shipment} orderId={detail.id} canShip={canShip} />
          ))}
        </ul>
      )}
      {dialog === 'ship' && <WaybillDialog detail={detail} onClose={() => setDialog(null)} />}
      {dialog === 'pickup' && <PickupDialog detail={detail} onClose={() => setDialog(null)} />}
    </DetailSection>
  );
}
