'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useRouter, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useGlobalState, useGlobalStore } from '@/components/GlobalStateProvider';
import { Button } from '@/components/ui/Button';
import { Checkbox, Input } from '@/components/ui/Input';
import { ROLE_PICKER_PATH, safeTarget } from '@/lib/routes';
import { useLogin } from '../queries';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';
import { PrivacyDialog } from './PrivacyDialog';

function useLoginSchema() {
  const t = useTranslations('login');
  return z.object({
    username: z.string().trim().min(1, t('usernameRequired')),
    password: z.string().min(1, t('passwordRequired')),
    remember: z.boolean(),
  });
}

type LoginValues = z.infer<ReturnType<typeof useLoginSchema>>;

export function LoginForm() {
  const t = useTranslations('login');
  const router = useRouter();
  const target = safeTarget(useSearchParams().get('target'));
  const platformType = useGlobalState((state) => state.platformType);
  const store = useGlobalStore();
  const login = useLogin(platformType);
  const [forgotOpen, setForgotOpen] = useState(false);
  const [privacyOpen, setPrivacyOpen] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginValues>({
    resolver: zodResolver(useLoginSchema()),
    defaultValues: { username: '', password: '', remember: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    const result = await login.mutateAsync(values).catch(() => null);
    if (!result) return; // the request layer has shown why
    const { login: session } = result;
    store.setState({ roles: session.roles, currentRole: session.current_role });
    if (session.need_role_pick) {
      router.replace(`${ROLE_PICKER_PATH}?target=${encodeURIComponent(target)}`);
    } else {
      router.replace(target);
    }
  });

  return (
    <>
      <h1 className="mb-6 text-xl font-semibold text-slate-900">{t('pageTitle')}</h1>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Input label={t('username')} autoComplete="username" autoFocus error={errors.username?.message} {...register('username')} />
        <Input label={t('password')} type="password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
        <div className="flex items-center justify-between">
          <Checkbox label={t('remember')} {...register('remember')} />
          <Button variant="link" onClick={() => setForgotOpen(true)}>
            {t('forgotPassword')}
          </Button>
        </div>
        <Button type="submit" loading={login.isPending} className="w-full">
          {login.isPending ? t('submitting') : t('submit')}
        </Button>
        <p className="text-center text-xs text-slate-500">
          {t('privacyNotice')}{' '}
          <Button variant="link" className="text-xs" onClick={() => setPrivacyOpen(true)}>
            {t('privacy')}
          </Button>
        </p>
      </form>
      <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} />
      <PrivacyDialog open={privacyOpen} onClose={() => setPrivacyOpen(false)} />
    </>
  );
}
