'use client';

import { USER_TEXT } from '@/components/ui/UserText';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { DetailError, DetailLoading, DetailSection } from '@/components/DetailSection';
import { BackLink, PageHeader } from '@/components/PageHeader';
import { formatCurrency } from '@/components/format';
import { Button } from '@/components/ui/Button';
import { FormError } from '@/components/ui/FormError';
import { Input } from '@/components/ui/Input';
import { Stats } from '@/components/ui/Stats';
import { TextAreaField } from '@/components/ui/fields';
import { asApiError } from '@/lib/apiError';
import { newIdempotencyKey } from '@/lib/idempotency';
import { notify } from '@/lib/notice';
import { applyWithdrawInput, IDEMPOTENCY_KEY_REUSED, NO_SETTLEMENT_ACCOUNT, REMARK_MAX, WITHDRAWAL_EXCEEDS_BALANCE } from '../lib/withdrawals';
import { useApplyWithdraw, useStoreWithdrawals, useWithdrawalCount } from '../queries';
import { accountText } from './WithdrawalStatusBadge';

export const WITHDRAWAL_LIST_PATH = '/cashWithdrawal';

/**
 * /applyWithdrawal: the withdrawable balance, the account it goes to, and the amount. One
 * idempotency key per opening of the form, so a retry after a lost answer is the same
 * withdrawal and never freezes the money twice.
 */
export function ApplyWithdrawalScreen() {
  const t = useTranslations('withdrawal');
  const router = useRouter();
  const count = useWithdrawalCount();
  // The latest withdrawal carries the settlement account the last one went to.
  const latest = useStoreWithdrawals({ page: 1, page_size: 10 });
  const apply = useApplyWithdraw();
  const [key] = useState(() => newIdempotencyKey('withdraw'));
  const [amount, setAmount] = useState('');
  const [remark, setRemark] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; remark?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);

  const back = <BackLink href={WITHDRAWAL_LIST_PATH}>{t('apply.back')}</BackLink>;
  if (count.isPending) return <DetailLoading />;
  if (count.isError || !count.data) {
    return (
      <div className="flex flex-col gap-5">
        <PageHeader title={t('apply.title')} back={back} />
        <DetailError title={t('apply.loadError')} onRetry={() => void count.refetch()} />
      </div>
    );
  }
  const withdrawable = count.data.withdrawable;
  const lastAccount = latest.data?.list.find((row) => row.account_number || row.bank_name);

  const submit = async () => {
    setFailure(null);
    const checked = applyWithdrawInput({ amount, remark }, withdrawable);
    if ('problems' in checked) {
      setErrors(
        Object.fromEntries(
          checked.problems.map((found) => [found.field, found.field === 'remark' ? t('apply.remarkTooLong', { max: REMARK_MAX }) : t(`apply.${found.problem}`, { max: formatCurrency(withdrawable) })]),
        ),
      );
      return;
    }
    setErrors({});
    try {
      const saved = await apply.mutateAsync({ ...checked.body, idempotency_key: key });
      notify({ kind: 'success', message: { raw: t('apply.done', { no: saved.withdrawal_no, amount: formatCurrency(saved.amount) }) } });
      router.push(`${WITHDRAWAL_LIST_PATH}?status=pending`);
    } catch (error) {
      const apiError = asApiError(error);
      if (apiError?.code === WITHDRAWAL_EXCEEDS_BALANCE) {
        void count.refetch(); // the balance changed meanwhile: show the one in force
        setFailure(t('apply.exceeds'));
      } else if (apiError?.code === NO_SETTLEMENT_ACCOUNT) setFailure(t('apply.noAccount'));
      else if (apiError?.code === IDEMPOTENCY_KEY_REUSED) setFailure(t('apply.keyReused'));
      else if (apiError?.failure.fields.amount) setErrors({ amount: t('apply.belowMinimum') });
      else setFailure(apiError?.isTransport ? t('apply.transport') : apiError?.message || t('apply.failed'));
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <PageHeader title={t('apply.title')} description={t('apply.description')} back={back} />
      <Stats
        items={[
          { id: 'withdrawable', label: t('apply.withdrawable'), value: formatCurrency(withdrawable) },
          { id: 'inFlight', label: t('apply.inFlight'), value: formatCurrency(count.data.in_flight), tone: 'muted' },
        ]}
      />
      <DetailSection id="withdrawal-account" title={t('apply.account')}>
        {lastAccount ? (
          <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">
            <span className="font-medium text-slate-900" {...USER_TEXT}>{accountText(lastAccount)}</span>
            <span className="mt-1 block text-xs text-slate-500">{t('apply.accountFromLatest')}</span>
          </p>
        ) : (
          <p className="text-sm text-slate-700">{t('apply.accountPlatform')}</p>
        )}
      </DetailSection>
      <DetailSection id="withdrawal-form" title={t('apply.formTitle')}>
        <form
          className="flex max-w-md flex-col gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Input
            label={t('apply.amount')}
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('apply.amountPlaceholder', { max: formatCurrency(withdrawable) })}
            value={amount}
            error={errors.amount}
            onChange={(event) => setAmount(event.target.value)}
            addon={
              <Button variant="secondary" className="shrink-0" onClick={() => setAmount(withdrawable)}>
                {t('apply.all')}
              </Button>
            }
          />
          <TextAreaField label={t('apply.remark')} value={remark} maxLength={REMARK_MAX} error={errors.remark} onChange={(event) => setRemark(event.target.value)} />
          {failure && <FormError title={t('apply.failed')} message={failure} />}
          <div>
            <Button type="submit" loading={apply.isPending}>
              {t('apply.submit')}
            </Button>
          </div>
        </form>
      </DetailSection>
    </div>
  );
}
