'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { DateField } from '@/components/ui/DateField';
import { Dialog } from '@/components/ui/Dialog';
import { DialogButtons } from '@/components/ui/DialogButtons';
import { SelectField, TextAreaField } from '@/components/ui/fields';
import { FormError } from '@/components/ui/FormError';
import { Input } from '@/components/ui/Input';
import { notify } from '@/components/ui/Notice';
import { asApiError } from '@/lib/apiError';
import { businessDay } from '@/lib/businessTime';
import { useSettingsSave } from '@/lib/formRefusal';
import { CHANNELS, createProblems, LOOKUPS, REQUEST_KINDS, VERIFICATIONS } from '../lib/privacy';
import { useAnswerPrivacyRequest, useAssignPrivacyRequest, useCorrectPrivacyData, useCreatePrivacyRequest, usePrivacyHandlers, type CreateBody } from '../queries';
import { isMobilePhone } from '@/lib/phone';

const EMPTY: CreateBody = {
  kind: 'access',
  requester_name: '',
  requester_phone: '',
  lookup_by: 'phone',
  lookup: '',
  channel: 'phone',
  verification: 'sms_code',
  verification_note: '',
  detail: '',
  received_on: null,
};

/** Logs a customer's request: who asked, the customer by phone or ID number, how they were verified. */
export function CreateRequestDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations('privacyRequests');
  const router = useRouter();
  const create = useCreatePrivacyRequest();
  const today = businessDay();
  const [form, setForm] = useState<CreateBody>({ ...EMPTY, received_on: today });
  const [checked, setChecked] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const problems = createProblems({ requester_name: form.requester_name ?? '', requester_phone: form.requester_phone ?? '', lookup: form.lookup ?? '' });
  const set = (patch: Partial<CreateBody>) => setForm((current) => ({ ...current, ...patch }));
  const error = (field: keyof typeof problems) => (checked && problems[field] ? t(`form.${problems[field]}`) : undefined);
  const submit = () => {
    setChecked(true);
    setFailure(null);
    if (Object.keys(problems).length > 0) return;
    create.mutate(
      { ...form, requester_name: form.requester_name.trim(), requester_phone: form.requester_phone.trim(), lookup: form.lookup.trim() },
      {
        onSuccess: (row) => {
          notify({ kind: 'success', message: { raw: t('form.created', { no: row.request_no }) } });
          onClose();
          router.push(`/privacyRequests/${row.id}`);
        },
        onError: (failed) => setFailure(asApiError(failed)?.message || t('form.failed')),
      },
    );
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('form.createTitle')}
      footer={<DialogButtons cancelLabel={t('form.cancel')} onCancel={onClose} confirmLabel={t('form.submit')} busy={create.isPending} onConfirm={submit} />}
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <SelectField label={t('form.kind')} value={form.kind} options={REQUEST_KINDS.map((value) => ({ value, label: t(`kind.${value}`) }))} onChange={(event) => set({ kind: event.target.value as CreateBody['kind'] })} />
        <DateField label={t('form.receivedOn')} max={today} value={form.received_on ?? today} onChange={(value) => set({ received_on: value || today })} />
        <Input label={t('form.requesterName')} maxLength={50} value={form.requester_name} error={error('requester_name')} onChange={(event) => set({ requester_name: event.target.value })} />
        <Input label={t('form.requesterPhone')} inputMode="tel" maxLength={11} value={form.requester_phone} error={error('requester_phone')} onChange={(event) => set({ requester_phone: event.target.value })} />
        <SelectField label={t('form.lookupBy')} value={form.lookup_by} options={LOOKUPS.map((value) => ({ value, label: t(`lookupBy.${value}`) }))} onChange={(event) => set({ lookup_by: event.target.value as CreateBody['lookup_by'] })} />
        <Input label={t('form.lookup')} maxLength={20} value={form.lookup} error={error('lookup')} onChange={(event) => set({ lookup: event.target.value })} />
        <SelectField label={t('form.channel')} value={form.channel} options={CHANNELS.map((value) => ({ value, label: t(`channel.${value}`) }))} onChange={(event) => set({ channel: event.target.value as CreateBody['channel'] })} />
        <SelectField
          label={t('form.verification')}
          value={form.verification}
          options={VERIFICATIONS.map((value) => ({ value, label: t(`verification.${value}`) }))}
          onChange={(event) => set({ verification: event.target.value as CreateBody['verification'] })}
        />
        <div className="sm:col-span-2">
          <Input label={t('form.verificationNote')} maxLength={200} value={form.verification_note ?? ''} onChange={(event) => set({ verification_note: event.target.value })} />
        </div>
        <div className="sm:col-span-2">
          <TextAreaField label={t('form.detail')} maxLength={2000} rows={3} value={form.detail ?? ''} onChange={(event) => set({ detail: event.target.value })} />
        </div>
        {failure && (
          <div className="sm:col-span-2">
            <FormError title={t('form.failed')} message={failure} />
          </div>
        )}
      </div>
    </Dialog>
  );
}

/** Gives an open request to an account that may handle it. */
export function AssignRequestDialog({ requestId, open, onClose }: { requestId: number; open: boolean; onClose: () => void }) {
  const t = useTranslations('privacyRequests.form');
  const handlers = usePrivacyHandlers(open);
  const assign = useAssignPrivacyRequest();
  const [choice, setChoice] = useState('');
  const { failure, showProblems, saveAndClose } = useSettingsSave({ saved: t('saved'), failed: t('failed') }, onClose);
  const options = (handlers.data ?? []).map((handler) => ({ value: String(handler.id), label: handler.name || handler.username }));
  const value = choice || options[0]?.value || '';
  const submit = () => {
    showProblems({});
    if (!value) return;
    void saveAndClose(() => assign.mutateAsync({ id: requestId, handler_id: Number(value) }));
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('assignTitle')}
      footer={<DialogButtons cancelLabel={t('cancel')} onCancel={onClose} confirmLabel={t('submit')} busy={assign.isPending} disabled={!value || handlers.isPending || handlers.isError} onConfirm={submit} />}
    >
      <div className="flex flex-col gap-3">
        {handlers.isError ? <FormError title={t('loadError')} /> : <SelectField label={t('handler')} value={value} options={options} disabled={handlers.isPending} onChange={(event) => setChoice(event.target.value)} />}
        {handlers.data && handlers.data.length === 0 && <p className="text-sm text-slate-500">{t('noHandlers')}</p>}
        {failure && <FormError title={t('failed')} message={failure} />}
      </div>
    </Dialog>
  );
}

/** Answers an open request: completed with what was done, or refused with the reason the customer is given. */
export function AnswerRequestDialog({ requestId, result, onClose }: { requestId: number; result: 'completed' | 'refused' | null; onClose: () => void }) {
  const t = useTranslations('privacyRequests.form');
  const answer = useAnswerPrivacyRequest();
  const [text, setText] = useState('');
  const [checked, setChecked] = useState(false);
  const { failure, showProblems, saveAndClose } = useSettingsSave({ saved: t('saved'), failed: t('failed') }, onClose);
  const refusing = result === 'refused';
  const missing = !text.trim();
  const submit = () => {
    setChecked(true);
    showProblems({});
    if (missing || result === null) return;
    void saveAndClose(() => answer.mutateAsync({ id: requestId, result, outcome: refusing ? '' : text.trim(), refusal_reason: refusing ? text.trim() : '' }));
  };
  return (
    <Dialog
      open={result !== null}
      onClose={onClose}
      title={refusing ? t('refuseTitle') : t('completeTitle')}
      footer={<DialogButtons cancelLabel={t('cancel')} onCancel={onClose} confirmLabel={t('submit')} busy={answer.isPending} danger={refusing} onConfirm={submit} />}
    >
      <div className="flex flex-col gap-3">
        <TextAreaField label={refusing ? t('refusalReason') : t('outcome')} maxLength={refusing ? 1000 : 2000} rows={4} value={text} error={checked && missing ? t('required') : undefined} onChange={(event) => setText(event.target.value)} />
        {failure && <FormError title={t('failed')} message={failure} />}
      </div>
    </Dialog>
  );
}

/** Corrects the customer's contact phone; a name or ID number needs a new identity check first (said in the dialog). */
export function CorrectContactDialog({ requestId, open, onClose }: { requestId: number; open: boolean; onClose: () => void }) {
  const t = useTranslations('privacyRequests.form');
  const correct = useCorrectPrivacyData();
  const [phone, setPhone] = useState('');
  const [checked, setChecked] = useState(false);
  const { failure, showProblems, saveAndClose } = useSettingsSave({ saved: t('saved'), failed: t('failed') }, onClose);
  const problem = !phone.trim() ? 'required' : isMobilePhone(phone) ? null : 'phoneInvalid';
  const submit = () => {
    setChecked(true);
    showProblems({});
    if (problem) return;
    void saveAndClose(() => correct.mutateAsync({ id: requestId, phone: phone.trim() }));
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('correctTitle')}
      footer={<DialogButtons cancelLabel={t('cancel')} onCancel={onClose} confirmLabel={t('submit')} busy={correct.isPending} onConfirm={submit} />}
    >
      <div className="flex flex-col gap-3">
        <Input label={t('newPhone')} inputMode="tel" maxLength={11} value={phone} error={checked && problem ? t(problem) : undefined} onChange={(event) => setPhone(event.target.value)} />
        <p className="text-sm text-slate-600">{t('identityNote')}</p>
        {failure && <FormError title={t('failed')} message={failure} />}
      </div>
    </Dialog>
  );
}
