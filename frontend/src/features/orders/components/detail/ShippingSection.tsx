'use client';

import { useLocale } from 'next-intl';
import { useState } from 'react';
import { DetailSection, Fact, Facts } from '@/components/DetailSection';
import { formatDateTime } from '@/components/format';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { useExpressCompanies, useOrderTracking, type OrderDetail, type OrderRef } from '../../queries';
import { useOrderText } from '../labels';

/** The order's parcels; their tracking events load when asked for (the carrier is slow). */
export function ShippingSection({ detail, orderRef }: { detail: OrderDetail; orderRef: OrderRef }) {
  const { t, label } = useOrderText();
  const locale = useLocale();
  const [showTracking, setShowTracking] = useState(false);
  const companies = useExpressCompanies(detail.shipments.length > 0);
  const tracking = useOrderTracking(orderRef, showTracking);
  const companyName = (code: string) => {
    const company = companies.data?.find((item) => item.code === code);
    return company ? (locale === 'en' ? company.name_en : company.name) : code;
  };
  return (
    <DetailSection
      id="order-shipping"
      title={t('detail.sections.shipments')}
      actions={
        detail.shipments.length > 0 &&
        !showTracking && (
          <Button variant="secondary" className="py-1" onClick={() => setShowTracking(true)}>
            {t('detail.shipments.showTracking')}
          </Button>
        )
      }
    >
      {detail.shipments.length === 0 ? (
        <p className="text-sm text-slate-500">{t('detail.shipments.none')}</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {detail.shipments.map((shipment) => {
            const events = tracking.data?.find((parcel) => parcel.shipment_id === shipment.id);
            return (
              <li key={shipment.id} className="rounded-md border border-slate-200 p-3">
                <p className="mb-2 text-sm font-medium text-slate-900">{label('detail.shipments.direction', shipment.direction)}</p>
                <Facts>
                  <Fact label={t('detail.shipments.company')}>{companyName(shipment.company_code)}</Fact>
                  <Fact label={t('detail.shipments.trackingNo')}>
                    <span className="font-mono">{shipment.tracking_no}</span>
                  </Fact>
                  <Fact label={t('detail.shipments.serial')}>
                    <span className="font-mono">{shipment.device_serial}</span>
                  </Fact>
                  <Fact label={t('detail.shipments.shippedAt')}>{formatDateTime(shipment.shipped_at)}</Fact>
                  <Fact label={t('detail.shipments.deliveredAt')}>{formatDateTime(shipment.delivered_at)}</Fact>
                </Facts>
                {showTracking && (
                  <div className="mt-3 border-t border-slate-100 pt-3">
                    <h3 className="mb-2 text-xs font-medium text-slate-500">{t('detail.shipments.tracking')}</h3>
                    {tracking.isPending ? (
                      <Spinner />
                    ) : tracking.isError ? (
                      <p className="text-sm text-amber-700">{t('detail.shipments.trackingError')}</p>
                    ) : !events || events.events.length === 0 ? (
                      <p className="text-sm text-slate-500">{t('detail.shipments.noEvents')}</p>
                    ) : (
                      <ol aria-label={t('detail.shipments.tracking')} className="flex flex-col gap-2 text-sm">
                        {events.events.map((event, index) => (
                          <li key={index} className="flex flex-wrap gap-x-3">
                            <time className="text-xs text-slate-500 tabular-nums">{formatDateTime(event.time)}</time>
                            <span className="text-slate-800 [overflow-wrap:anywhere]">{locale === 'en' && event.description_en ? event.description_en : event.description}</span>
                            {event.location && <span className="text-xs text-slate-500">{event.location}</span>}
                          </li>
                        ))}
                      </ol>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </DetailSection>
  );
}
