'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Input } from '@/components/ui/Input';
import { SelectField } from '@/components/ui/fields';
import { unitCheckPasses, UnitScanField, type UnitCheck } from '@/features/assets/components/UnitScanField';
import { normalizeCode } from '@/features/assets/lib/scan';
import { FormDialog } from '@/features/orders/components/dialogs/FormDialog';
import { useExpressCompanies, type OrderDetail } from '@/features/orders/queries';
import { newIdempotencyKey } from '../lib/keys';
import { useCarrierServices, useCreateWaybill, usePrintLabels, type Address } from '../queries';
import { AddressFields, addressErrors, EMPTY_ADDRESS } from './AddressFields';

/**
 * Ships the order through the carrier (electronic waybill): the unit scanned, carrier and
 * product, the receiver; the waybill number fills the order's shipment and its label opens
 * for printing. The key is kept while the dialog is open: sent again after a failure it asks
 * the carrier about the same attempt and never makes a second waybill.
 */
export function WaybillDialog({ detail, onClose }: { detail: OrderDetail; onClose: () => void }) {
  const t = useTranslations('logistics');
  const locale = useLocale();
  const companies = useExpressCompanies();
  const [company, setCompany] = useState('SF');
  const services = useCarrierServices(company);
  const [service, setService] = useState('standard');
  const [serial, setSerial] = useState(detail.device_serial ?? '');
  const [check, setCheck] = useState<UnitCheck>({ state: 'idle', code: '' });
  const [receiver, setReceiver] = useState<Address>({ ...EMPTY_ADDRESS, name: detail.customer?.name ?? '', mobile: '' });
  const [weight, setWeight] = useState('1.00');
  const [key] = useState(newIdempotencyKey);
  // The carrier's own outcome (no answer, refused): said in the dialog, which stays open.
  const [notice, setNotice] = useState('');
  const create = useCreateWaybill(detail.id);
  const print = usePrintLabels();
  const tracked = detail.sku_tracked;
  const unitRefused = tracked && serial.trim() !== '' && !unitCheckPasses(check, serial, tracked);
  const submit = async () => {
    const shipment = await create.mutateAsync({
      company_code: company,
      service,
      device_serial: tracked ? normalizeCode(serial) : serial.trim(),
      receiver,
      weight_kg: weight,
      idempotency_key: key,
    });
    const outcome = shipment.status === 'created' ? t('ship.unanswered') : shipment.status === 'failed' ? t('ship.refused', { reason: shipment.failure_reason }) : '';
    setNotice(outcome);
    if (outcome) throw new Error(outcome);
    const labels = await print.mutateAsync([shipment.id]);
    window.open(labels.url, '_blank', 'noopener');
  };
  return (
    <FormDialog
      title={t('ship.title', { orderNo: detail.order_no })}
      description={t('ship.description')}
      confirmLabel={t('ship.confirm')}
      onClose={onClose}
      validate={() => ({
        ...(company ? {} : { company_code: t('ship.chooseCompany') }),
        ...(detail.kind === 'lease' && !serial.trim() ? { device_serial: t('required') } : {}),
        ...(unitRefused ? { device_serial: t('ship.unitNotChecked') } : {}),
        ...(/^\d{1,3}(\.\d{1,2})?$/.test(weight) && Number(weight) > 0 ? {} : { weight_kg: t('ship.weightInvalid') }),
        ...addressErrors(receiver, t('required'), 'receiver'),
      })}
      onSubmit={submit}
    >
      {(errors) => (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              label={t('ship.company')}
              value={company}
              error={errors.company_code}
              onChange={(event) => setCompany(event.target.value)}
              options={(companies.data ?? [{ code: 'SF', name: '顺丰速运', name_en: 'SF Express' }]).map((item) => ({ value: item.code, label: locale === 'en' ? item.name_en : item.name }))}
            />
            <SelectField
              label={t('ship.service')}
              value={service}
              error={errors.service}
              onChange={(event) => setService(event.target.value)}
              options={(services.data ?? [{ code: 'standard', name: '标准快递', name_en: 'Standard express' }]).map((item) => ({ value: item.code, label: locale === 'en' ? item.name_en : item.name }))}
            />
          </div>
          {tracked ? (
            <UnitScanField label={t('ship.unit')} orderId={detail.id} value={serial} onChange={setSerial} check={check} onCheck={setCheck} error={errors.device_serial} />
          ) : (
            <Input label={t('ship.unit')} value={serial} maxLength={64} error={errors.device_serial} onChange={(event) => setSerial(event.target.value)} />
          )}
          <Input label={t('ship.weight')} inputMode="decimal" value={weight} maxLength={6} error={errors.weight_kg} onChange={(event) => setWeight(event.target.value)} />
          <h3 className="text-sm font-medium text-slate-900">{t('ship.receiver')}</h3>
          <AddressFields value={receiver} onChange={setReceiver} errors={errors} prefix="receiver" />
          {notice && (
            <p role="status" className="text-sm text-amber-700">
              {notice}
            </p>
          )}
        </>
      )}
    </FormDialog>
  );
}
