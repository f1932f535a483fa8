'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { formatDateTime } from '@/components/format';
import { Input } from '@/components/ui/Input';
import { Spinner } from '@/components/ui/Spinner';
import { FormDialog } from '@/features/orders/components/dialogs/FormDialog';
import type { OrderDetail } from '@/features/orders/queries';
import { newIdempotencyKey } from '../lib/keys';
import { useBookPickup, usePickupSlots, type Address } from '../queries';
import { AddressFields, addressErrors, EMPTY_ADDRESS } from './AddressFields';

function tomorrow(): string {
  const day = new Date(Date.now() + 24 * 3600_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(day);
}

/** Books a courier at the customer's door for the order's agreed return: a day, one of the carrier's windows, the address. */
export function PickupDialog({ detail, onClose }: { detail: OrderDetail; onClose: () => void }) {
  const t = useTranslations('logistics');
  const [day, setDay] = useState(tomorrow);
  const slots = usePickupSlots(detail.id, day);
  const [slot, setSlot] = useState<number | null>(null);
  const [address, setAddress] = useState<Address>({ ...EMPTY_ADDRESS, name: detail.customer.name });
  const [key] = useState(newIdempotencyKey);
  const book = useBookPickup(detail.id);
  const chosen = slot !== null ? slots.data?.[slot] : undefined;
  return (
    <FormDialog
      title={t('pickup.title', { orderNo: detail.order_no })}
      description={t('pickup.description')}
      confirmLabel={t('pickup.confirm')}
      onClose={onClose}
      validate={() => ({ ...(chosen ? {} : { slot: t('pickup.chooseSlot') }), ...addressErrors(address, t('required'), 'address') })}
      onSubmit={() => book.mutateAsync({ company_code: 'SF', service: 'standard', address, starts_at: chosen?.starts_at ?? '', ends_at: chosen?.ends_at ?? '', idempotency_key: key })}
    >
      {(errors) => (
        <>
          <Input label={t('pickup.day')} type="date" value={day} onChange={(event) => { setDay(event.target.value); setSlot(null); }} />
          <fieldset>
            <legend className="mb-1 text-sm font-medium text-slate-700">{t('pickup.slot')}</legend>
            {slots.isPending ? (
              <Spinner />
            ) : slots.isError ? (
              <p className="text-sm text-red-600">{t('pickup.slotsError')}</p>
            ) : slots.data.length === 0 ? (
              <p className="text-sm text-slate-500">{t('pickup.noSlots')}</p>
            ) : (
              <div className="flex flex-wrap gap-2">
                {slots.data.map((item, index) => (
                  <label key={item.starts_at} className={`cursor-pointer rounded-md border px-3 py-1.5 text-sm ${slot === index ? 'border-brand-600 bg-brand-50' : 'border-slate-300'}`}>
                    <input type="radio" name="pickup-slot" className="sr-only" checked={slot === index} onChange={() => setSlot(index)} />
                    {formatDateTime(item.starts_at)} – {formatDateTime(item.ends_at).slice(-5)}
                  </label>
                ))}
              </div>
            )}
            {errors.slot && <p className="mt-1 text-xs text-red-600">{errors.slot}</p>}
          </fieldset>
          <h3 className="text-sm font-medium text-slate-900">{t('pickup.address')}</h3>
          <AddressFields value={address} onChange={setAddress} errors={errors} prefix="address" />
        </>
      )}
    </FormDialog>
  );
}
