'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { formatCurrency } from '@/components/format';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { DialogButtons } from '@/components/ui/DialogButtons';
import { Checkbox, Input } from '@/components/ui/Input';
import { SelectField, TextAreaField } from '@/components/ui/fields';
import { FormError } from '@/components/ui/FormError';
import { notify } from '@/components/ui/Notice';
import { asApiError } from '@/lib/apiError';
import { businessDay } from '@/lib/businessTime';
import { copyToClipboard } from '@/lib/clipboard';
import { newIdempotencyKey } from '@/lib/idempotency';
import { parseMoneyInput } from '@/lib/money';
import { CHANNELS, inQuietHours, OUTCOMES, promiseDayError, type Channel, type Outcome } from '../lib/recovery';
import { useAddContactRecord, useAddPromiseToPay, useSendPaymentLink, type PaymentLink } from '../queries';
import { DateField } from '@/components/ui/DateField';

/** A contact with the customer: channel, outcome, note (the time is now). */
export function ContactDialog({ caseId, open, onClose, onPromised }: { caseId: number; open: boolean; onClose: () => void; onPromised: () => void }) {
  const t = useTranslations('recovery');
  const add = useAddContactRecord();
  const [channel, setChannel] = useState<Channel>('call');
  const [outcome, setOutcome] = useState<Outcome>('reached');
  const [note, setNote] = useState('');
  const [key] = useState(() => newIdempotencyKey('contact'));
  const [failure, setFailure] = useState<string | null>(null);
  const submit = () => {
    setFailure(null);
    add.mutate(
      { case_id: caseId, channel, outcome, note: note.trim(), template_code: '', idempotency_key: key },
      {
        onSuccess: () => {
          notify({ kind: 'success', message: { raw: t('contactDialog.done') } });
          onClose();
          if (outcome === 'promised') onPromised();
        },
        onError: (error) => setFailure(asApiError(error)?.message || t('contactDialog.failed')),
      },
    );
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('contactDialog.title')}
      footer={<DialogButtons cancelLabel={t('contactDialog.cancel')} onCancel={onClose} confirmLabel={t('contactDialog.save')} busy={add.isPending} onConfirm={submit} />}
    >
      <div className="flex flex-col gap-3">
        <SelectField label={t('contactDialog.channel')} value={channel} options={CHANNELS.map((value) => ({ value, label: t(`channels.${value}`) }))} onChange={(event) => setChannel(event.target.value as Channel)} />
        <SelectField label={t('contactDialog.outcome')} value={outcome} options={OUTCOMES.map((value) => ({ value, label: t(`outcomes.${value}`) }))} onChange={(event) => setOutcome(event.target.value as Outcome)} />
        {outcome === 'promised' && <p className="text-sm text-slate-600">{t('contactDialog.promiseHint')}</p>}
        <TextAreaField label={t('contactDialog.note')} placeholder={t('contactDialog.notePlaceholder')} maxLength={500} rows={3} value={note} onChange={(event) => setNote(event.target.value)} />
        {failure && <FormError title={t('contactDialog.failed')} message={failure} />}
      </div>
    </Dialog>
  );
}

/** The customer's promise to pay an amount by a day (today up to 30 days ahead, China days). */
export function PromiseDialog({ caseId, owed, open, onClose }: { caseId: number; owed: string; open: boolean; onClose: () => void }) {
  const t = useTranslations('recovery.promiseDialog');
  const add = useAddPromiseToPay();
  const today = businessDay();
  const [day, setDay] = useState(today);
  const [amount, setAmount] = useState(owed);
  const [note, setNote] = useState('');
  const [key] = useState(() => newIdempotencyKey('promise'));
  const [checked, setChecked] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const dayProblem = promiseDayError(day, today);
  const money = parseMoneyInput(amount);
  const amountProblem = money === null;
  const submit = () => {
    setChecked(true);
    setFailure(null);
    if (dayProblem || amountProblem || money === null) return;
    add.mutate(
      { case_id: caseId, promised_on: day, amount: money, note: note.trim(), idempotency_key: key },
      {
        onSuccess: () => {
          notify({ kind: 'success', message: { raw: t('done') } });
          onClose();
        },
        onError: (error) => setFailure(asApiError(error)?.message || t('failed')),
      },
    );
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('title')}
      footer={<DialogButtons cancelLabel={t('cancel')} onCancel={onClose} confirmLabel={t('save')} busy={add.isPending} onConfirm={submit} />}
    >
      <div className="flex flex-col gap-3">
        <DateField label={t('day')} min={today} value={day} error={checked && dayProblem ? t(`errors.${dayProblem}`) : undefined} onChange={(value) => setDay(value)} />
        <Input label={t('amount')} inputMode="decimal" value={amount} error={checked && amountProblem ? t('errors.amount') : undefined} onChange={(event) => setAmount(event.target.value)} />
        <TextAreaField label={t('note')} maxLength={300} rows={2} value={note} onChange={(event) => setNote(event.target.value)} />
        {failure && <FormError title={t('failed')} message={failure} />}
      </div>
    </Dialog>
  );
}

/** What became of the text to the customer: sent to the masked phone, or why not (the link stands). */
function LinkSms({ sms }: { sms: NonNullable<PaymentLink['sms']> }) {
  const t = useTranslations('recovery.paymentLinkDialog');
  if (sms.status === 'sent') {
    return (
      <p className="rounded-md bg-emerald-50 px-3 py-2 text-emerald-800" data-link-sms="sent">
        {t('smsSent', { phone: sms.phone })}
      </p>
    );
  }
  return (
    <p className="rounded-md bg-amber-50 px-3 py-2 text-amber-800" data-link-sms="failed">
      {t('smsFailed', { reason: sms.error })}
    </p>
  );
}

/**
 * A payment link for the case's oldest bill past due: the cashier's H5 link and its QR code,
 * texted to the customer when asked (never in the quiet hours; the throttle may refuse it).
 */
export function PaymentLinkDialog({ caseId, open, onClose }: { caseId: number; open: boolean; onClose: () => void }) {
  const t = useTranslations('recovery.paymentLinkDialog');
  const send = useSendPaymentLink();
  const [key] = useState(() => newIdempotencyKey('paylink'));
  const [link, setLink] = useState<PaymentLink | null>(null);
  // In the quiet hours no text may go: the box is off and says why (the link can still be made).
  const [quiet] = useState(() => inQuietHours());
  const [sendSms, setSendSms] = useState(!quiet);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = () => {
    setFailure(null);
    send.mutate({ case_id: caseId, idempotency_key: key, send_sms: sendSms }, { onSuccess: setLink, onError: (error) => setFailure(asApiError(error)?.message || t('failed')) });
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('title')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('close')}
          </Button>
          {!link && (
            <Button loading={send.isPending} onClick={submit}>
              {t('send')}
            </Button>
          )}
        </>
      }
    >
      {link ? (
        <div className="flex flex-col gap-3 text-sm" data-payment-link>
          <p className="text-slate-700">
            {t('period', { period: link.period })} · {t('amount')} <span className="font-medium tabular-nums">{formatCurrency(link.amount)}</span>
          </p>
          {link.sms && <LinkSms sms={link.sms} />}
          {link.pay_url ? (
            <>
              <div>
                <p className="font-medium text-slate-900">{t('link')}</p>
                <p className="mt-1 font-mono text-xs break-all text-slate-700">{link.pay_url}</p>
                <Button variant="link" onClick={() => void copyToClipboard(link.pay_url)}>
                  {t('copy')}
                </Button>
              </div>
              {link.qr_code && (
                <div>
                  <p className="font-medium text-slate-900">{t('qr')}</p>
                  {/* eslint-disable-next-line @next/next/no-img-element -- a data URL the server drew */}
                  <img src={link.qr_code} alt={t('qr')} className="mt-1 size-44" />
                </div>
              )}
            </>
          ) : (
            <p className="text-slate-700">{t('settled')}</p>
          )}
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-slate-700">{t('intro')}</p>
          <Checkbox label={t('sendSms')} checked={sendSms} disabled={quiet} onChange={(event) => setSendSms(event.target.checked)} />
          <p className="text-xs text-slate-500">{quiet ? t('smsQuiet') : t('smsHint')}</p>
          {failure && <FormError title={t('failed')} message={failure} />}
        </div>
      )}
    </Dialog>
  );
}
