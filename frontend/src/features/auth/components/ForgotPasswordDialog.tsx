'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Input } from '@/components/ui/Input';
import { notify } from '@/lib/notice';
import type { RequestFailure } from '@/lib/request';
import { useResetPassword, useSendResetSms } from '../queries';

const MIN_PASSWORD_LENGTH = 8;

function useResetSchema() {
  const t = useTranslations('forgotPassword');
  return z
    .object({
      username: z.string().trim().min(1, t('usernameRequired')),
      phone: z.string().trim().regex(/^1\d{10}$/, t('phoneInvalid')),
      code: z.string().trim().min(1, t('codeRequired')),
      password: z.string().min(MIN_PASSWORD_LENGTH, t('passwordTooShort')),
      confirm: z.string(),
    })
    .refine((values) => values.password === values.confirm, { path: ['confirm'], message: t('passwordMismatch') });
}

type ResetValues = z.infer<ReturnType<typeof useResetSchema>>;
const FIELDS = ['username', 'phone', 'code', 'password'] as const;

function useCountdown() {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);
  return [seconds, setSeconds] as const;
}

export function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations('forgotPassword');
  const [resendIn, setResendIn] = useCountdown();
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    setError,
    reset,
    formState: { errors },
  } = useForm<ResetValues>({
    resolver: zodResolver(useResetSchema()),
    defaultValues: { username: '', phone: '', code: '', password: '', confirm: '' },
  });
  // Validation answers (400) carry field messages: show them beside their fields.
  const showFieldErrors = (failure: RequestFailure) => {
    for (const field of FIELDS) {
      const message = failure.fields[field]?.[0];
      if (message) setError(field, { message });
    }
  };
  const sendSms = useSendResetSms({ onFailure: showFieldErrors });
  const resetPassword = useResetPassword({ onFailure: showFieldErrors });

  const close = () => {
    reset();
    onClose();
  };

  const sendCode = async () => {
    if (!(await trigger(['username', 'phone']))) return;
    const { username, phone } = getValues();
    const answer = await sendSms.mutateAsync({ username: username.trim(), phone: phone.trim() }).catch(() => null);
    if (!answer) return;
    notify({ kind: 'success', message: { key: 'forgotPassword.codeSent' } });
    setResendIn(Math.max(1, answer.resend_after));
  };

  const onSubmit = handleSubmit(async (values) => {
    const done = await resetPassword
      .mutateAsync({ username: values.username.trim(), phone: values.phone.trim(), code: values.code.trim(), password: values.password })
      .then(() => true)
      .catch(() => false);
    if (!done) return;
    notify({ kind: 'success', message: { key: 'forgotPassword.success' } });
    close();
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('title')}
      footer={
        <Button type="submit" form="forgot-password-form" loading={resetPassword.isPending}>
          {t('submit')}
        </Button>
      }
    >
      <form id="forgot-password-form" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Input label={t('username')} autoComplete="username" error={errors.username?.message} {...register('username')} />
        <Input label={t('phone')} type="tel" inputMode="numeric" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
        <Input
          label={t('code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          error={errors.code?.message}
          addon={
            <Button variant="secondary" className="shrink-0" onClick={sendCode} disabled={resendIn > 0} loading={sendSms.isPending}>
              {resendIn > 0 ? t('resendIn', { seconds: resendIn }) : sendSms.isPending ? t('sending') : t('sendCode')}
            </Button>
          }
          {...register('code')}
        />
        <Input label={t('newPassword')} type="password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
        <Input label={t('confirmPassword')} type="password" autoComplete="new-password" error={errors.confirm?.message} {...register('confirm')} />
      </form>
    </Dialog>
  );
}
