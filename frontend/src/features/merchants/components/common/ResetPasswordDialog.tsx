'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Input } from '@/components/ui/Input';
import { passwordSchema, type PasswordValues } from '@/features/staff/lib/account';
import { ACCOUNT_ERRORS, asApiError, fieldErrorsOf } from '../../lib/apiError';
import { FormError } from './FormError';

export interface ResetPasswordDialogProps {
  open: boolean;
  onClose: () => void;
  /** Whose password: shown in the title. */
  accountName: string;
  onConfirm: (password: string) => Promise<unknown>;
}

/** Sets a new password for another account; the server logs that account out. */
export function ResetPasswordDialog(props: ResetPasswordDialogProps) {
  return props.open ? <ResetBody {...props} /> : null;
}

function ResetBody({ onClose, accountName, onConfirm }: ResetPasswordDialogProps) {
  const t = useTranslations('merchant');
  const tRules = useTranslations('merchant.errors');
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordValues>({ resolver: zodResolver(passwordSchema(tRules)), defaultValues: { password: '', confirm: '' } });
  const onSubmit = handleSubmit(async ({ password }) => {
    setFormError(undefined);
    try {
      await onConfirm(password);
      onClose();
    } catch (error) {
      const apiError = asApiError(error);
      const fields = apiError ? fieldErrorsOf(apiError, { codeFields: { [ACCOUNT_ERRORS.weakPassword]: 'password' } }) : {};
      if (fields.password) setError('password', { message: fields.password });
      else setFormError(apiError?.message || t('shared.failed'));
    }
  });
  return (
    <Dialog
      open
      // Escape or a click outside must not drop a request in flight (and its answer).
      onClose={isSubmitting ? () => undefined : onClose}
      title={t('shared.resetPasswordTitle', { name: accountName })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('shared.cancel')}
          </Button>
          <Button type="submit" form="reset-password" loading={isSubmitting}>
            {t('shared.resetPassword')}
          </Button>
        </>
      }
    >
      <form id="reset-password" noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
        <p className="text-sm text-slate-600">{t('shared.resetPasswordHint')}</p>
        <Input label={t('shared.newPassword')} type="password" autoComplete="new-password" autoFocus error={errors.password?.message} {...register('password')} />
        <Input label={t('shared.confirmPassword')} type="password" autoComplete="new-password" error={errors.confirm?.message} {...register('confirm')} />
        {formError && <FormError title={t('shared.failed')} message={formError} />}
      </form>
    </Dialog>
  );
}
