'use client';
/* eslint-disable @next/next/no-img-element -- the QR code is a data URI the API draws */

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { formatCurrency } from '@/components/format';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { FormError } from '@/components/ui/FormError';
import { Input } from '@/components/ui/Input';
import { Spinner } from '@/components/ui/Spinner';
import { asApiError } from '@/lib/apiError';
import { newIdempotencyKey } from '@/lib/idempotency';
import { IDEMPOTENCY_KEY_REUSED, RECHARGE_MAX, RECHARGE_MIN, rechargeAmount } from '../lib/risk';
import { usePayResult, useRefreshRisk, useStartQrRecharge, type RechargeDetail } from '../queries';

/**
 * A QR recharge: the amount, then the payment's QR code (drawn by the API) while the result is
 * asked about every two seconds; the balance is credited when the provider says it was paid.
 * One idempotency key per opening, so a retry after a lost answer is the same recharge.
 */
export function QrRechargeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return open ? <QrRechargeBody onClose={onClose} /> : null;
}

function QrRechargeBody({ onClose }: { onClose: () => void }) {
  const t = useTranslations('risk');
  const start = useStartQrRecharge();
  const refresh = useRefreshRisk();
  const [key, setKey] = useState(() => newIdempotencyKey('risk-qr'));
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [recharge, setRecharge] = useState<RechargeDetail | null>(null);
  const result = usePayResult(recharge?.recharge_no ?? null);
  const status = result.data?.status;
  const settled = status === 'succeeded' || status === 'failed';

  // The balance and the lists read again once the payment settles.
  useEffect(() => {
    if (settled) refresh();
  }, [settled, refresh]);

  const submit = async () => {
    setFailure(null);
    const checked = rechargeAmount(amount);
    if ('problem' in checked) {
      setError(t(`amountProblem.${checked.problem}`, { min: formatCurrency(RECHARGE_MIN), max: formatCurrency(RECHARGE_MAX) }));
      return;
    }
    setError(undefined);
    try {
      setRecharge(await start.mutateAsync({ amount: checked.amount, idempotency_key: key }));
    } catch (caught) {
      const apiError = asApiError(caught);
      if (apiError?.code === IDEMPOTENCY_KEY_REUSED) setFailure(t('keyReused'));
      else if (apiError?.failure.fields.amount) setError(t('amountProblem.invalid'));
      else setFailure(apiError?.isTransport ? t('transport') : apiError?.message || t('failed'));
    }
  };

  const again = () => {
    setRecharge(null);
    setAmount('');
    setKey(newIdempotencyKey('risk-qr'));
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('qr.title')}
      footer={
        recharge ? (
          <>
            {settled && (
              <Button variant="secondary" onClick={again}>
                {t('qr.again')}
              </Button>
            )}
            <Button onClick={onClose}>{t('qr.close')}</Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              {t('qr.close')}
            </Button>
            <Button loading={start.isPending} onClick={() => void submit()}>
              {t('qr.submit')}
            </Button>
          </>
        )
      }
    >
      {recharge ? (
        <div className="flex flex-col items-center gap-3 text-center" data-recharge-no={recharge.recharge_no}>
          <p className="text-sm text-slate-700">{t('qr.scan', { amount: formatCurrency(recharge.amount) })}</p>
          {recharge.qr_image && <img src={recharge.qr_image} alt={t('qr.imageAlt')} className="size-56 rounded-md border border-slate-200" />}
          <p className="font-mono text-xs text-slate-500">{t('qr.number', { no: recharge.recharge_no })}</p>
          {recharge.qr_code && (
            <a href={recharge.qr_code} target="_blank" rel="noreferrer" className="text-xs break-all text-slate-400 hover:text-slate-600" data-pay-link>
              {t('qr.sandboxLink')}
            </a>
          )}
          <div className="min-h-6 text-sm">
            {status === 'succeeded' ? (
              <p role="status" className="font-medium text-emerald-700">
                {t('qr.credited', { amount: formatCurrency(recharge.amount) })}
              </p>
            ) : status === 'failed' ? (
              <p role="alert" className="font-medium text-red-700">
                {t('qr.failed', { reason: t('status.failed') })}
              </p>
            ) : (
              <Spinner label={t('qr.waiting')} />
            )}
          </div>
        </div>
      ) : (
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Input label={t('qr.amount')} inputMode="decimal" autoComplete="off" placeholder={t('qr.amountPlaceholder', { min: formatCurrency(RECHARGE_MIN) })} value={amount} error={error} onChange={(event) => setAmount(event.target.value)} />
          {failure && <FormError title={t('failed')} message={failure} />}
        </form>
      )}
    </Dialog>
  );
}
