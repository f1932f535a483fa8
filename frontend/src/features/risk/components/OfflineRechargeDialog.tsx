'use client';
/* eslint-disable @next/next/no-img-element -- the preview is the picture the person just chose (a data URL) */

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { formatCurrency } from '@/components/format';
import { Dialog } from '@/components/ui/Dialog';
import { DialogButtons } from '@/components/ui/DialogButtons';
import { FormError } from '@/components/ui/FormError';
import { Input } from '@/components/ui/Input';
import { asApiError } from '@/lib/apiError';
import { newIdempotencyKey } from '@/lib/idempotency';
import { notify } from '@/lib/notice';
import { base64Bytes, IDEMPOTENCY_KEY_REUSED, RECHARGE_MAX, RECHARGE_MIN, REMARK_MAX, rechargeAmount, VOUCHER_MAX_BYTES, voucherFromFile, voucherTypeAccepted } from '../lib/risk';
import { useOfflineRecharge } from '../queries';
import { FileInput } from '@/components/ui/FileInput';

type Errors = { amount?: string; voucher?: string; remark?: string };

/**
 * A recharge by bank transfer: the amount transferred and a picture of the voucher (a phone photo
 * is shrunk before it is sent), credited once the platform approves it. One idempotency key per
 * opening, so sending again after a lost answer is the same request.
 */
export function OfflineRechargeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return open ? <OfflineRechargeBody onClose={onClose} /> : null;
}

function OfflineRechargeBody({ onClose }: { onClose: () => void }) {
  const t = useTranslations('risk');
  const fileId = useId();
  const send = useOfflineRecharge();
  const [key] = useState(() => newIdempotencyKey('risk-transfer'));
  const [amount, setAmount] = useState('');
  const [remark, setRemark] = useState('');
  const [voucher, setVoucher] = useState<{ base64: string; preview: string } | null>(null);
  const [reading, setReading] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    setVoucher(null);
    if (!file) return;
    if (!voucherTypeAccepted(file.type)) {
      setErrors((current) => ({ ...current, voucher: t('offline.voucherType') }));
      return;
    }
    setReading(true);
    try {
      const read = await voucherFromFile(file);
      if (base64Bytes(read.base64) > VOUCHER_MAX_BYTES) setErrors((current) => ({ ...current, voucher: t('offline.voucherTooLarge') }));
      else {
        setVoucher(read);
        setErrors((current) => ({ ...current, voucher: undefined }));
      }
    } catch {
      setErrors((current) => ({ ...current, voucher: t('offline.voucherType') }));
    } finally {
      setReading(false);
    }
  };

  const submit = async () => {
    setFailure(null);
    const checked = rechargeAmount(amount);
    const next: Errors = {};
    if ('problem' in checked) next.amount = t(`amountProblem.${checked.problem}`, { min: formatCurrency(RECHARGE_MIN), max: formatCurrency(RECHARGE_MAX) });
    if (!voucher) next.voucher = errors.voucher ?? t('offline.voucherRequired');
    setErrors(next);
    if ('problem' in checked || !voucher) return;
    try {
      const saved = await send.mutateAsync({ amount: checked.amount, voucher_base64: voucher.base64, remark: remark.trim(), idempotency_key: key });
      notify({ kind: 'success', message: { raw: t('offline.done', { no: saved.recharge_no }) } });
      onClose();
    } catch (caught) {
      const apiError = asApiError(caught);
      const fields = apiError?.failure.fields ?? {};
      if (apiError?.code === IDEMPOTENCY_KEY_REUSED) setFailure(t('keyReused'));
      else if (fields.amount) setErrors({ amount: t('amountProblem.invalid') });
      else if (fields.voucher_base64) setErrors({ voucher: t('offline.voucherType') });
      else setFailure(apiError?.isTransport ? t('transport') : apiError?.message || t('failed'));
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('offline.title')}
      footer={<DialogButtons cancelLabel={t('offline.cancel')} onCancel={onClose} confirmLabel={t('offline.submit')} busy={send.isPending} disabled={reading} onConfirm={() => void submit()} />}
    >
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className="text-sm text-slate-600">{t('offline.description')}</p>
        <Input label={t('offline.amount')} inputMode="decimal" autoComplete="off" placeholder={t('qr.amountPlaceholder', { min: formatCurrency(RECHARGE_MIN) })} value={amount} error={errors.amount} onChange={(event) => setAmount(event.target.value)} />
        <div>
          <label htmlFor={fileId} className="mb-1 block text-sm font-medium text-slate-700">
            {t('offline.voucher')}
          </label>
          <FileInput id={fileId} accept="image/jpeg,image/png" aria-invalid={errors.voucher ? true : undefined} aria-describedby={`${fileId}-hint`} onFiles={([file]) => void choose(file)} />
          <p id={`${fileId}-hint`} className={`mt-1 text-xs ${errors.voucher ? 'text-red-600' : 'text-slate-500'}`}>
            {errors.voucher ?? t('offline.voucherHint')}
          </p>
          {voucher && <img src={voucher.preview} alt={t('offline.voucherPreview')} className="mt-2 max-h-48 max-w-full rounded-md border border-slate-200 object-contain" />}
        </div>
        <Input label={t('offline.remark')} autoComplete="off" value={remark} maxLength={REMARK_MAX} error={errors.remark} onChange={(event) => setRemark(event.target.value)} />
        {failure && <FormError title={t('failed')} message={failure} />}
      </form>
    </Dialog>
  );
}
