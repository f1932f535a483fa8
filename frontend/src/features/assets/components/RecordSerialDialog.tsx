'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { FormFrameDialog } from '@/components/ui/FormFrameDialog';
import { Checkbox, Input } from '@/components/ui/Input';
import { asApiError, fieldErrorsOf } from '@/lib/apiError';
import { imeiMistyped, imeiValid, normalizeCode } from '../lib/scan';
import { useRecordSerial } from '../queries';
import type { Unit } from '../types';

type Field = 'serial_number' | 'imei1' | 'imei2' | 'meid';
const FIELDS: readonly Field[] = ['serial_number', 'imei1', 'imei2', 'meid'];

/** A unit made from a counted stock gets its serial and IMEIs (by scan into the fields, or typed). */
export function RecordSerialDialog({ unit, onClose }: { unit: Unit | null; onClose: () => void }) {
  const t = useTranslations('assets.recordSerial');
  const record = useRecordSerial();
  const [values, setValues] = useState<Record<Field, string>>({ serial_number: '', imei1: '', imei2: '', meid: '' });
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  // 15 digits failing the IMEI check typed as the serial number: kept only once the person says it is not an IMEI.
  const [notImei, setNotImei] = useState(false);
  const serialLooksMistyped = imeiMistyped(normalizeCode(values.serial_number));
  if (!unit) return null;

  const submit = async () => {
    const codes = Object.fromEntries(FIELDS.map((field) => [field, normalizeCode(values[field])])) as Record<Field, string>;
    const found: typeof errors = {};
    if (!codes.serial_number && !codes.imei1) found.serial_number = t('oneRequired');
    if (imeiMistyped(codes.serial_number) && !notImei) found.serial_number = t('imeiTypo');
    for (const field of ['imei1', 'imei2'] as const) if (codes[field] && !imeiValid(codes[field])) found[field] = imeiMistyped(codes[field]) ? t('imeiTypo') : t('imeiInvalid');
    if (codes.meid && !/^[0-9A-Fa-f]{14}$/.test(codes.meid)) found.meid = t('meidInvalid');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await record.mutateAsync({ unit_id: unit.id, ...codes, not_imei: notImei && imeiMistyped(codes.serial_number) });
      onClose();
    } catch (error) {
      const apiError = asApiError(error);
      const fields = apiError ? fieldErrorsOf(apiError) : {};
      setErrors({ ...fields, form: apiError?.message || t('failed') });
    }
  };

  return (
    <FormFrameDialog title={t('title')} confirmLabel={t('save')} cancelLabel={t('cancel')} failedLabel={t('failed')} busy={record.isPending} failure={errors.form} onClose={onClose} onSubmit={() => void submit()}>
      <p className="text-sm text-slate-600">{t('hint')}</p>
      {FIELDS.map((field, index) => (
        <div key={field} className="flex flex-col gap-1.5">
          <Input
            label={t(field)}
            value={values[field]}
            maxLength={64}
            autoFocus={index === 0}
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
            error={errors[field]}
            onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
          />
          {field === 'serial_number' && serialLooksMistyped && <Checkbox label={t('notImei')} checked={notImei} onChange={(event) => setNotImei(event.target.checked)} data-not-imei />}
        </div>
      ))}
    </FormFrameDialog>
  );
}
