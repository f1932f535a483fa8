import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost, type ApiBody, type ApiData } from '@/api/client';
import { quietGet } from '@/api/reads';
import { usePost } from '@/api/writes';
import { orderKeys } from '@/features/orders/queries';
import { strictCall } from '@/lib/apiError';
import { STEP_PATHS, type NotaryStep } from './lib/notary';

export type Notarization = ApiData<'/api/notarization/queryNotary', 'post'>;
export type NotarySetting = ApiData<'/api/notarization/isSetNotary', 'get'>;
export type NotaryConfigBody = ApiBody<'/api/notarization/setNotaryConfig', 'post'>;
export type NotaryToken = ApiData<'/api/notarization/getApiToken', 'post'>;
export type NotaryLink = ApiData<'/api/notarization/getNotaryLink', 'post'>;

export const notaryKeys = {
  all: ['notary'] as const,
  setting: () => [...notaryKeys.all, 'setting'] as const,
};

const P = {
  setting: '/api/notarization/isSetNotary',
  saveSetting: '/api/notarization/setNotaryConfig',
  token: '/api/notarization/getApiToken',
  link: '/api/notarization/getNotaryLink',
} as const;

/** The shop's notary account, secret masked (`notary.config` or `notary.manage`). */
export function useNotarySetting(enabled = true) {
  return useQuery({
    queryKey: notaryKeys.setting(),
    queryFn: quietGet(P.setting),
    enabled,
  });
}

/** Saves the shop's notary account (the owner's); an order's section reads `is_open` from its detail. */
export function useSaveNotaryConfig() {
  const queryClient = useQueryClient();
  return usePost(P.saveSetting, {
    onSuccess: (saved) => {
      queryClient.setQueryData(notaryKeys.setting(), saved);
      void queryClient.invalidateQueries({ queryKey: orderKeys.details() });
    },
  });
}

/** The access token, masked, and its expiry: the cached one unless `refresh`. */
export function useNotaryToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (refresh: boolean) => strictCall((options) => apiPost(P.token, { refresh }, options)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: notaryKeys.setting() }),
  });
}

export interface StepInput {
  step: NotaryStep;
  orderId: number;
  reason?: string;
  frontBase64?: string;
  backBase64?: string;
}

/** One step of an order's notarization; the order's detail (and its timeline) is read again after. */
export function useNotaryStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ step, orderId, reason, frontBase64, backBase64 }: StepInput) => {
      const path = STEP_PATHS[step];
      if (path === '/api/notarization/cancelNotary') return strictCall((options) => apiPost(path, { order_id: orderId, reason: reason ?? '' }, options));
      if (path === '/api/notarization/pushIdCardInfo') return strictCall((options) => apiPost(path, { order_id: orderId, front_base64: frontBase64 ?? '', back_base64: backBase64 ?? '' }, options));
      return strictCall((options) => apiPost(path, { order_id: orderId }, options));
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: orderKeys.details() }),
  });
}

/** The customer's signing and face-check page (while the case is submitted). */
export function useNotaryLink() {
  return useMutation({
    mutationFn: (orderId: number) => strictCall((options) => apiPost(P.link, { order_id: orderId }, options)),
  });
}
