'use client';

import { useLocale } from 'next-intl';
import { useState } from 'react';
import { Input } from '@/components/ui/Input';
import { SelectField } from '@/components/ui/fields';
import { unitCheckPasses, UnitScanField, type UnitCheck } from '@/features/assets/components/UnitScanField';
import { normalizeCode } from '@/features/assets/lib/scan';
import { useExpressCompanies, useShipOrder } from '../../../queries';
import { useOrderText } from '../../labels';
import { FormDialog } from '../FormDialog';
import { type OrderActionDialogProps, useDone } from './shared';

export function ExpressDialog({ detail, orderRef, onClose, update }: OrderActionDialogProps & { update: boolean }) {
  const { t } = useOrderText();
  const locale = useLocale();
  const companies = useExpressCompanies();
  const ship = useShipOrder(orderRef, update);
  const done = useDone();
  const last = update ? detail.shipments.filter((shipment) => shipment.direction === 'out').at(-1) : undefined;
  const [company, setCompany] = useState(last?.company_code ?? '');
  const [trackingNo, setTrackingNo] = useState(last?.tracking_no ?? '');
  const initialSerial = last?.device_serial ?? detail.device_serial ?? '';
  const [serial, setSerial] = useState(initialSerial);
  const [check, setCheck] = useState<UnitCheck>({ state: 'idle', code: '' });
  const lease = detail.kind === 'lease';
  // A SKU tracked by unit (issue 43): shipping scans a unit, checked before it is confirmed.
  const tracked = detail.sku_tracked;
  // Correcting a shipment keeps its device: the unit already bound to this order needs no new check.
  const keptDevice = update && initialSerial !== '' && normalizeCode(serial) === normalizeCode(initialSerial);
  const unitRefused = tracked && !keptDevice && serial.trim() !== '' && !unitCheckPasses(check, serial, tracked);
  return (
    <FormDialog
      title={t(update ? 'dialogs.updateExpressTitle' : 'dialogs.shipTitle', { orderNo: detail.order_no })}
      confirmLabel={update ? t('dialogs.save') : t('actions.ship')}
      onClose={onClose}
      validate={() => ({
        ...(company ? {} : { company_code: t('dialogs.chooseCompany') }),
        ...(trackingNo.trim() ? {} : { tracking_no: t('dialogs.trackingNoRequired') }),
        ...((lease || tracked) && !serial.trim() ? { device_serial: t('dialogs.serialRequired') } : {}),
        ...(unitRefused ? { device_serial: t('dialogs.unitNotChecked') } : {}),
      })}
      onSubmit={() => ship.mutateAsync({ company_code: company, tracking_no: trackingNo.trim(), device_serial: tracked ? normalizeCode(serial) : serial.trim() }).then(done)}
    >
      {(errors) => (
        <>
          <SelectField
            label={t('dialogs.company')}
            value={company}
            error={errors.company_code ?? (companies.isError ? t('dialogs.optionsError') : undefined)}
            onChange={(event) => setCompany(event.target.value)}
            options={[{ value: '', label: t('dialogs.chooseCompany') }, ...(companies.data ?? []).map((item) => ({ value: item.code, label: locale === 'en' ? item.name_en : item.name }))]}
          />
          <Input label={t('dialogs.trackingNo')} value={trackingNo} maxLength={40} error={errors.tracking_no} onChange={(event) => setTrackingNo(event.target.value)} />
          {!tracked ? (
            <Input label={t('dialogs.serial')} value={serial} maxLength={64} error={errors.device_serial} onChange={(event) => setSerial(event.target.value)} />
          ) : (
            <UnitScanField label={t('dialogs.serial')} orderId={orderRef.id} value={serial} onChange={setSerial} check={check} onCheck={setCheck} error={errors.device_serial && !(unitRefused && check.code === normalizeCode(serial)) ? errors.device_serial : undefined} />
          )}
          {lease && !tracked && <p className="-mt-2 text-xs text-slate-500">{t('dialogs.serialHint')}</p>}
        </>
      )}
    </FormDialog>
  );
}
