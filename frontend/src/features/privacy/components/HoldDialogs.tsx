'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { DateField } from '@/components/ui/DateField';
import { Dialog } from '@/components/ui/Dialog';
import { DialogButtons } from '@/components/ui/DialogButtons';
import { SelectField, TextAreaField } from '@/components/ui/fields';
import { FormError } from '@/components/ui/FormError';
import { Input } from '@/components/ui/Input';
import { businessDay } from '@/lib/businessTime';
import { addDays } from '@/lib/calendarDays';
import { useSettingsSave } from '@/lib/formRefusal';
import { AUTHORITIES, HOLD_STARTS_DAYS_BACK, holdProblems, liftProblems, VERIFICATIONS, type HoldForm, type LiftForm } from '../lib/privacy';
import { useCreateLegalHold, useLiftSuppression, type LegalHoldBody, type SuppressionLiftBody } from '../queries';

const EMPTY_HOLD: Omit<HoldForm, 'starts_on'> = { customer_id: '', authority_name: '', reference: '', reason: '', ends_on: '' };

/**
 * Records a legal hold (createLegalHold): the authority and its name, the ruling's or letter's
 * reference, the reason, from when (today or up to 90 days back) and an optional end (none:
 * until lifted). Each field says what is wrong, the server's refusals included.
 */
export function CreateHoldDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations('privacyRequests.holds.form');
  const create = useCreateLegalHold();
  const today = businessDay();
  const earliest = addDays(today, -HOLD_STARTS_DAYS_BACK);
  const [authority, setAuthority] = useState<LegalHoldBody['authority']>('court');
  const [form, setForm] = useState<HoldForm>({ ...EMPTY_HOLD, starts_on: today });
  const [checked, setChecked] = useState(false);
  const { errors, failure, showProblems, saveAndClose } = useSettingsSave({ saved: t('saved'), failed: t('failed') }, onClose);
  const problems = holdProblems(form, today, earliest);
  const set = (patch: Partial<HoldForm>) => setForm((current) => ({ ...current, ...patch }));
  const error = (field: keyof HoldForm) => (checked && problems[field] ? t(`problem.${problems[field]}`, { earliest, today }) : errors[field]);
  const submit = () => {
    setChecked(true);
    showProblems({});
    if (Object.keys(problems).length > 0) return;
    const body: LegalHoldBody = {
      customer_id: Number(form.customer_id.trim()),
      authority,
      authority_name: form.authority_name.trim(),
      reference: form.reference.trim(),
      reason: form.reason.trim(),
      starts_on: form.starts_on || null,
      ends_on: form.ends_on || null,
    };
    void saveAndClose(() => create.mutateAsync(body));
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('title')}
      footer={<DialogButtons cancelLabel={t('cancel')} onCancel={onClose} confirmLabel={t('submit')} busy={create.isPending} onConfirm={submit} />}
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Input label={t('customerId')} inputMode="numeric" maxLength={18} value={form.customer_id} error={error('customer_id')} onChange={(event) => set({ customer_id: event.target.value })} />
        <SelectField label={t('authority')} value={authority} options={AUTHORITIES.map((value) => ({ value, label: t(`authorityKind.${value}`) }))} onChange={(event) => setAuthority(event.target.value as LegalHoldBody['authority'])} />
        <div className="sm:col-span-2">
          <Input label={t('authorityName')} maxLength={100} value={form.authority_name} error={error('authority_name')} onChange={(event) => set({ authority_name: event.target.value })} />
        </div>
        <div className="sm:col-span-2">
          <Input label={t('reference')} maxLength={100} value={form.reference} error={error('reference')} onChange={(event) => set({ reference: event.target.value })} />
        </div>
        <div className="sm:col-span-2">
          <TextAreaField label={t('reason')} maxLength={500} rows={2} value={form.reason} error={error('reason')} onChange={(event) => set({ reason: event.target.value })} />
        </div>
        <DateField label={t('startsOn')} min={earliest} max={today} value={form.starts_on} error={error('starts_on')} onChange={(value) => set({ starts_on: value })} />
        <DateField label={t('endsOn')} min={addDays(today, 1)} value={form.ends_on} error={error('ends_on')} onChange={(value) => set({ ends_on: value })} />
        <p className="text-sm text-slate-600 sm:col-span-2">{t('hint')}</p>
        {failure && (
          <div className="sm:col-span-2">
            <FormError title={t('failed')} message={failure} />
          </div>
        )}
      </div>
    </Dialog>
  );
}

const EMPTY_LIFT: LiftForm = { id_number: '', phone: '', reason: '' };

/**
 * Lifts an erased customer's suppression (liftSuppression) with their fresh consent: found by
 * the ID number (and the phone, to lift its entry too) as the call hashes them, how the
 * customer was verified, a note, and the reason (how and when the consent was given).
 */
export function LiftSuppressionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations('privacyRequests.suppression');
  const kinds = useTranslations('privacyRequests.verification');
  const lift = useLiftSuppression();
  const [form, setForm] = useState<LiftForm>(EMPTY_LIFT);
  const [verification, setVerification] = useState<SuppressionLiftBody['verification']>('id_document');
  const [note, setNote] = useState('');
  const [checked, setChecked] = useState(false);
  const { errors, failure, showProblems, saveAndClose } = useSettingsSave({ saved: t('lifted'), failed: t('failed') }, onClose);
  const problems = liftProblems(form);
  const set = (patch: Partial<LiftForm>) => setForm((current) => ({ ...current, ...patch }));
  const error = (field: keyof LiftForm) => (checked && problems[field] ? t(`problem.${problems[field]}`) : errors[field]);
  const submit = () => {
    setChecked(true);
    showProblems({});
    if (Object.keys(problems).length > 0) return;
    void saveAndClose(() =>
      lift.mutateAsync({ id_number: form.id_number.trim().toUpperCase(), phone: form.phone.trim(), verification, verification_note: note.trim(), reason: form.reason.trim() }),
    );
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('title')}
      footer={<DialogButtons cancelLabel={t('cancel')} onCancel={onClose} confirmLabel={t('submit')} busy={lift.isPending} onConfirm={submit} />}
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <p className="text-sm text-slate-600 sm:col-span-2">{t('hint')}</p>
        <Input label={t('idNumber')} maxLength={20} value={form.id_number} error={error('id_number')} onChange={(event) => set({ id_number: event.target.value })} />
        <Input label={t('phone')} inputMode="tel" maxLength={11} value={form.phone} error={error('phone')} onChange={(event) => set({ phone: event.target.value })} />
        <SelectField
          label={t('verification')}
          value={verification}
          options={VERIFICATIONS.map((value) => ({ value, label: kinds(value) }))}
          onChange={(event) => setVerification(event.target.value as SuppressionLiftBody['verification'])}
        />
        <Input label={t('verificationNote')} maxLength={200} value={note} error={errors.verification_note} onChange={(event) => setNote(event.target.value)} />
        <div className="sm:col-span-2">
          <TextAreaField label={t('reason')} maxLength={200} rows={2} value={form.reason} error={error('reason')} onChange={(event) => set({ reason: event.target.value })} />
        </div>
        {failure && (
          <div className="sm:col-span-2">
            <FormError title={t('failed')} message={failure} />
          </div>
        )}
      </div>
    </Dialog>
  );
}
