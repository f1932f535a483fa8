'use client';

import { lazyDialog } from '@/components/lazyDialog';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useGlobalState, useGlobalStore } from '@/components/GlobalStateProvider';
import { Button } from '@/components/ui/Button';
import { Checkbox, Input } from '@/components/ui/Input';
import { ROLE_PICKER_PATH, safeTarget } from '@/lib/routes';
import { useLogin } from '../queries';

// Dialogs load when first opened (see lazyDialog).
const ForgotPasswordDialog = lazyDialog(() => import('./ForgotPasswordDialog').then((module) => module.ForgotPasswordDialog), (props) => props.open);
const PrivacyDialog = lazyDialog(() => import('./PrivacyDialog').then((module) => module.PrivacyDialog), (props) => props.open);

interface LoginValues {
  username: string;
  password: string;
  remember: boolean;
}

/**
 * Both fields required, the user name trimmed. Written out rather than a zod schema: zod would
 * be the largest piece of the login screen's first load for two checks.
 */
function useLoginResolver(): Resolver<LoginValues> {
  const t = useTranslations('login');
  return (values) => {
    const username = values.username.trim();
    const errors: FieldErrors<LoginValues> = {};
    if (!username) errors.username = { type: 'required', message: t('usernameRequired') };
    if (!values.password) errors.password = { type: 'required', message: t('passwordRequired') };
    if (errors.username || errors.password) return { values: {}, errors };
    return { values: { ...values, username }, errors: {} };
  };
}

export function LoginForm() {
  const t = useTranslations('login');
  const router = useRouter();
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
    resolver: useLoginResolver(),
    defaultValues: { username: '', password: '', remember: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    // Read when the form is sent rather than with useSearchParams while rendering: the page is
    // then prerendered with its form, the first paint, not a loading fallback.
    const target = safeTarget(new URLSearchParams(window.location.search).get('target'));
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
