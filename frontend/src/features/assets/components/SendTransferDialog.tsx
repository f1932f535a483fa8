'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Select } from '@/components/ui/fields';
import { FormError } from '@/components/ui/FormError';
import { UserText, USER_TEXT } from '@/components/ui/UserText';
import { asApiError } from '@/lib/apiError';
import { newIdempotencyKey } from '@/lib/idempotency';
import { transferScanRefusal } from '../lib/stock';
import { WAREHOUSE } from '../lib/units';
import { findUnit, usePlaceOptions, useSendTransfer } from '../queries';
import type { Unit } from '../types';
import { ScanInput } from './ScanInput';
import { UnitCodes } from './unitColumns';

/** '' chosen nothing yet, 'warehouse', or a sub-shop's id as text. */
function placeId(value: string): number | null {
  return value === WAREHOUSE || value === '' ? null : Number(value);
}

/**
 * Send units from one place to another: choose both places, then scan (or paste) the devices;
 * each code is looked up at once and kept only when that device is in stock at the place it
 * leaves from, so the list that is sent is the list that was checked.
 */
export function SendTransferDialog({ ownSubShop, onClose, onSent }: { open: boolean; ownSubShop: { id: number } | null; onClose: () => void; onSent: (id: number) => void }) {
  const t = useTranslations('assets.send');
  const places = usePlaceOptions();
  const send = useSendTransfer();
  const [key] = useState(() => newIdempotencyKey('stock-transfer'));
  // A sub-shop's account sends only its own units.
  const [from, setFrom] = useState(ownSubShop ? String(ownSubShop.id) : WAREHOUSE);
  const [to, setTo] = useState(ownSubShop ? WAREHOUSE : '');
  const [units, setUnits] = useState<Unit[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const choices = [{ value: WAREHOUSE, label: t('warehouse'), user: false }, ...(places.data ?? []).map((shop) => ({ value: String(shop.id), label: shop.name, user: true }))];
  const samePlace = to !== '' && from === to;
  const why = to === '' ? t('chooseTo') : samePlace ? t('samePlace') : units.length === 0 ? t('noUnits') : null;

  const onScan = async (code: string) => {
    const found = await findUnit(code);
    const unit = found.unit;
    // Each reason its own words: unknown code, a mistyped IMEI, in transit, with a customer (its order), elsewhere.
    const refusal = transferScanRefusal(code, unit, placeId(from), units.map((item) => item.id));
    if (refusal) throw new Error(refusal.values ? t(refusal.key, refusal.values) : t(refusal.key));
    if (!unit) throw new Error(t('notFound'));
    setUnits((current) => (current.some((item) => item.id === unit.id) ? current : [...current, unit]));
    return (
      <>
        <UserText>{unit.sku_name}</UserText> · {t('added')}
      </>
    );
  };

  const submit = async () => {
    setFailure(null);
    try {
      const saved = await send.mutateAsync({ from_sub_shop_id: placeId(from), to_sub_shop_id: placeId(to), unit_ids: units.map((unit) => unit.id), idempotency_key: key });
      onClose();
      onSent(saved.id);
    } catch (error) {
      setFailure(asApiError(error)?.message || t('failed'));
    }
  };

  return (
    <Dialog
      open
      onClose={send.isPending ? () => undefined : onClose}
      title={t('title')}
      width={760}
      footer={
        <>
          {why && <span className="mr-auto self-center text-xs text-slate-500" id="send-why">{why}</span>}
          <Button variant="secondary" onClick={onClose} disabled={send.isPending}>
            {t('cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={send.isPending} disabled={Boolean(why)} aria-describedby={why ? 'send-why' : undefined}>
            {t('confirm', { count: units.length })}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Select
            label={t('from')}
            value={from}
            disabled={ownSubShop !== null || units.length > 0}
            hint={units.length > 0 ? t('fromLocked') : undefined}
            onChange={(event) => setFrom(event.target.value)}
          >
            {choices.map((choice) => (
              <option key={choice.value} value={choice.value} {...(choice.user ? USER_TEXT : {})}>
                {choice.label}
              </option>
            ))}
          </Select>
          <Select label={t('to')} value={to} error={samePlace ? t('samePlace') : undefined} onChange={(event) => setTo(event.target.value)}>
            <option value="">{t('chooseTo')}</option>
            {choices.map((choice) => (
              <option key={choice.value} value={choice.value} {...(choice.user ? USER_TEXT : {})}>
                {choice.label}
              </option>
            ))}
          </Select>
        </div>
        <ScanInput label={t('scan')} onScan={onScan} />
        {units.length > 0 && (
          <div>
            <p className="mb-1 text-sm font-medium text-slate-700">{t('units', { count: units.length })}</p>
            <ul className="flex max-h-56 flex-col divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200" data-transfer-units>
              {units.map((unit) => (
                <li key={unit.id} className="flex items-center gap-3 px-3 py-1.5 text-sm">
                  <UnitCodes unit={unit} link={false} />
                  <UserText className="min-w-0 flex-1 text-slate-600">{unit.sku_name}</UserText>
                  <Button variant="link" className="text-xs" onClick={() => setUnits((current) => current.filter((item) => item.id !== unit.id))}>
                    {t('remove')}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        )}
        {failure && <FormError title={t('failed')} message={failure} />}
      </div>
    </Dialog>
  );
}
