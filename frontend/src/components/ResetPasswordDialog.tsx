'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { HookFormDialog } from './ui/HookFormDialog';
import { Input } from './ui/Input';
import { asApiError, fieldErrorsOf } from '@/lib/apiError';
import { passwordSchema, type PasswordValues } from '@/lib/password';

/** The server's code for a password its rule refuses. */
const WEAK_PASSWORD_CODE = 1009;

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
  const t = useTranslations('kit');
  const tRules = useTranslations('kit.resetPassword.rules');
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
      const fields = apiError ? fieldErrorsOf(apiError, { codeFields: { [WEAK_PASSWORD_CODE]: 'password' } }) : {};
      if (fields.password) setError('password', { message: fields.password });
      else setFormError(apiError?.message || t('resetPassword.failed'));
    }
  });
  return (
    <HookFormDialog id="reset-password" title={t('resetPassword.resetPasswordTitle', { name: accountName })} cancelLabel={t('resetPassword.cancel')} submitLabel={t('resetPassword.resetPassword')} failedLabel={t('resetPassword.failed')} busy={isSubmitting} formError={formError} onClose={onClose} onSubmit={onSubmit}>
      <p className="text-sm text-slate-600">{t('resetPassword.resetPasswordHint')}</p>
      <Input label={t('resetPassword.newPassword')} type="password" autoComplete="new-password" autoFocus error={errors.password?.message} {...register('password')} />
      <Input label={t('resetPassword.confirmPassword')} type="password" autoComplete="new-password" error={errors.confirm?.message} {...register('confirm')} />
    </HookFormDialog>
  );
}
