'use client';

import { useTranslations } from 'next-intl';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Input } from '@/components/ui/Input';
import type { SettlementValues } from '../lib/onboarding';
import { SETTLEMENT_CYCLES } from '../lib/onboardingRules';
import { SelectField } from '@/components/ui/fields';

type Name = keyof SettlementValues;

/** Commission, cycle and bank account: used by onboarding and by "add settlement terms". */
export function SettlementFields({ register, errors }: { register: (name: Name) => UseFormRegisterReturn; errors: Partial<Record<Name, string>> }) {
  const t = useTranslations('merchant');
  return (
    <>
      <Input label={t('fields.commissionRate')} inputMode="decimal" error={errors.commission_rate} addon={<span className="self-center text-sm text-slate-500">%</span>} {...register('commission_rate')} />
      <SelectField
        label={t('fields.settlementCycle')}
        error={errors.settlement_cycle}
        options={SETTLEMENT_CYCLES.map((cycle) => ({ value: cycle, label: t(`cycles.${cycle}`) }))}
        {...register('settlement_cycle')}
      />
      <Input label={t('fields.bankName')} error={errors.bank_name} {...register('bank_name')} />
      <Input label={t('fields.accountName')} error={errors.account_name} {...register('account_name')} />
      <Input label={t('fields.accountNumber')} inputMode="numeric" autoComplete="off" className="sm:col-span-2" error={errors.account_number} {...register('account_number')} />
    </>
  );
}
