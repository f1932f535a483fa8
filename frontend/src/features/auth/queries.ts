import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/api/client';
import type { LoginBody, ResetPasswordBody, SendResetSmsBody } from '@/api/types';
import type { PlatformType } from '@/lib/platform';
import { siteKeys } from '@/features/site/queries';
import { orThrow } from '@/lib/query';
import type { CallOptions } from '@/lib/request';
import { clearSession, saveLogin } from '@/lib/session';

export const authKeys = {
  all: ['auth'] as const,
  loginUserInfo: (platformType: PlatformType) => [...authKeys.all, 'loginUserInfo', platformType] as const,
  privacy: () => [...authKeys.all, 'privacy'] as const,
};

const PATHS = {
  loginUserInfo: '/api/platform/getLoginUserInfo',
  mainLand: '/api/platform/mainLand',
  chooseRole: '/api/platform/chooseRole',
  logout: '/api/platform/logout',
  sendResetPwdSms: '/api/platform/sendResetPwdSms',
  resetPwd: '/api/platform/resetPwd',
  showPrivacy: '/api/platform/showPrivacy',
} as const;

/** The signed-in user, roles, auth list, menu tree and site (security layout). */
export function useLoginUserInfo(platformType: PlatformType, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: authKeys.loginUserInfo(platformType),
    queryFn: () => orThrow(PATHS.loginUserInfo, apiGet(PATHS.loginUserInfo)),
    enabled: options.enabled ?? true,
  });
}

export function useLogin(platformType: PlatformType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginBody & { remember: boolean }) => {
      // The server also uses remember-me (token lifetime); the browser keeps the token accordingly.
      const login = await orThrow(PATHS.mainLand, apiPost(PATHS.mainLand, body));
      return { login, remember: body.remember };
    },
    onSuccess: ({ login, remember }) => {
      saveLogin(platformType, login, { remember });
      // Nothing cached for a previous account may leak into this one; the host's site info stays.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== siteKeys.all[0] });
    },
  });
}

/** Binds the session to one role (role picker and the header's role switch). */
export function useChooseRole(platformType: PlatformType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roleId: number) => orThrow(PATHS.chooseRole, apiPost(PATHS.chooseRole, { role_id: roleId })),
    onSuccess: (login) => {
      saveLogin(platformType, login);
      // Every cached answer belonged to the previous role (or to none): drop it, refetch what is shown.
      void queryClient.resetQueries();
    },
  });
}

export function useLogout(platformType: PlatformType) {
  const queryClient = useQueryClient();
  return useMutation({
    // The session ends locally whatever the server answers.
    mutationFn: () => apiPost(PATHS.logout, undefined, { hideNotice: true }),
    onSettled: () => {
      clearSession(platformType);
      queryClient.clear();
    },
  });
}

export function useSendResetSms(options: CallOptions = {}) {
  return useMutation({
    mutationFn: (body: SendResetSmsBody) => orThrow(PATHS.sendResetPwdSms, apiPost(PATHS.sendResetPwdSms, body, options)),
  });
}

export function useResetPassword(options: CallOptions = {}) {
  return useMutation({
    mutationFn: (body: ResetPasswordBody) => orThrow(PATHS.resetPwd, apiPost(PATHS.resetPwd, body, options)),
  });
}

export function usePrivacyPolicy(enabled: boolean) {
  return useQuery({
    queryKey: authKeys.privacy(),
    queryFn: () => orThrow(PATHS.showPrivacy, apiPost(PATHS.showPrivacy)),
    enabled,
    staleTime: 10 * 60_000,
  });
}
