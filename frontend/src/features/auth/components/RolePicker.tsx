'use client';

import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useMemo } from 'react';
import { useGlobalState, useGlobalStore } from '@/components/GlobalStateProvider';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { Spinner } from '@/components/ui/Spinner';
import { readCookie } from '@/lib/cookies';
import { LOGIN_PATH, loginHref, safeTarget } from '@/lib/routes';
import { decodeRoleList, roleListKey } from '@/lib/session';
import { useClientValue } from '@/lib/useClientValue';
import { useChooseRole } from '../queries';

export function RolePicker() {
  const t = useTranslations('rolePicker');
  const router = useRouter();
  const target = safeTarget(useSearchParams().get('target'));
  const platformType = useGlobalState((state) => state.platformType);
  const store = useGlobalStore();
  const encodedRoles = useClientValue(() => readCookie(roleListKey(platformType)) ?? '');
  const roles = useMemo(() => decodeRoleList(encodedRoles), [encodedRoles]);
  const chooseRole = useChooseRole(platformType);

  const choose = async (roleId: number) => {
    const session = await chooseRole.mutateAsync(roleId).catch(() => null);
    if (!session) return;
    store.setState({ roles: session.roles, currentRole: session.current_role });
    router.replace(target);
  };

  return (
    <>
      <h1 className="mb-2 text-xl font-semibold text-slate-900">{t('heading')}</h1>
      <p className="mb-6 text-sm text-slate-600">{t('description')}</p>
      {encodedRoles === null ? (
        <Spinner />
      ) : roles.length === 0 ? (
        <EmptyState
          title={t('noRoles')}
          action={
            <Link href={loginHref(target)} className="text-sm font-medium text-brand-600 hover:underline">
              {t('backToLogin')}
            </Link>
          }
        />
      ) : (
        <ul className="flex flex-col gap-2">
          {roles.map((role) => (
            <li key={role.id}>
              <Button
                variant="secondary"
                className="w-full justify-between"
                loading={chooseRole.isPending && chooseRole.variables === role.id}
                disabled={chooseRole.isPending}
                onClick={() => choose(role.id)}
              >
                <span>{t('choose', { role: role.name })}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-6 text-center">
        <Link href={LOGIN_PATH} className="text-sm text-slate-500 hover:text-slate-700 hover:underline">
          {t('backToLogin')}
        </Link>
      </p>
    </>
  );
}
