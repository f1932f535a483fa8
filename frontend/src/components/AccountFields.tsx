'use client';

import { useTranslations } from 'next-intl';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Input } from './ui/Input';

export type AccountField = 'username' | 'password' | 'name' | 'phone';

export interface AccountFieldsProps {
  /** register() of the form for each field (the onboarding form maps them to owner_*). */
  register: (field: AccountField) => UseFormRegisterReturn;
  errors: Partial<Record<AccountField, string | undefined>>;
  /** Editing an account leaves username and password out (the password has its own reset). */
  withCredentials?: boolean;
  /** Other wording for a field (e.g. "owner's username" while onboarding a merchant). */
  labels?: Partial<Record<AccountField, string>>;
  autoFocus?: boolean;
}

/** The fields of a sign-in account: staff, sub-shop accounts and a new merchant's owner. */
export function AccountFields({ register, errors, withCredentials = true, labels = {}, autoFocus }: AccountFieldsProps) {
  const t = useTranslations('kit.account');
  return (
    <>
      {withCredentials && (
        <>
          <Input label={labels.username ?? t('username')} autoComplete="off" autoFocus={autoFocus} error={errors.username} {...register('username')} />
          <Input label={labels.password ?? t('password')} type="password" autoComplete="new-password" error={errors.password} {...register('password')} />
        </>
      )}
      <div className="grid grid-cols-1 gap-3 sm:col-span-2 sm:grid-cols-2">
        <Input label={labels.name ?? t('name')} autoFocus={autoFocus && !withCredentials} error={errors.name} {...register('name')} />
        <Input label={labels.phone ?? t('phone')} inputMode="tel" error={errors.phone} {...register('phone')} />
      </div>
    </>
  );
}
