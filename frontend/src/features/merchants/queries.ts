import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, type ApiBody, type ApiData, type ApiQuery } from '@/api/client';
import { useListRead } from '@/api/reads';
import { usePost } from '@/api/writes';
import { strictCall } from './lib/apiError';

export type MerchantListParams = Required<Pick<ApiQuery<'/api/platform/merchantList', 'get'>, 'page' | 'page_size'>> &
  ApiQuery<'/api/platform/merchantList', 'get'>;
export type MerchantList = ApiData<'/api/platform/merchantList', 'get'>;
export type MerchantRow = MerchantList['list'][number];
export type MerchantInfo = ApiData<'/api/platform/merchantInfo', 'get'>;
export type SettlementTerms = MerchantInfo['settlement_history'][number];
export type AuditEntry = MerchantInfo['audit'][number];
export type CreateMerchantBody = ApiBody<'/api/platform/createMerchant', 'post'>;
export type UpdateMerchantBody = ApiBody<'/api/platform/updateMerchant', 'post'>;
export type UpdateStatusBody = ApiBody<'/api/platform/updateStatus', 'post'>;
export type AddSettleBody = ApiBody<'/api/platform/addSettle', 'post'>;
export type SetWebhookNetworksBody = ApiBody<'/api/platform/setWebhookNetworks', 'post'>;
export type MerchantOffboarding = ApiData<'/api/platform/getMerchantOffboarding', 'get'>;
export type OffboardingHold = MerchantOffboarding['holds'][number];

export const merchantKeys = {
  all: ['merchants'] as const,
  lists: () => [...merchantKeys.all, 'list'] as const,
  list: (params: MerchantListParams) => [...merchantKeys.lists(), params] as const,
  details: () => [...merchantKeys.all, 'detail'] as const,
  detail: (id: number) => [...merchantKeys.details(), id] as const,
  offboarding: (id: number) => [...merchantKeys.all, 'offboarding', id] as const,
};

const P = {
  list: '/api/platform/merchantList',
  info: '/api/platform/merchantInfo',
  create: '/api/platform/createMerchant',
  update: '/api/platform/updateMerchant',
  status: '/api/platform/updateStatus',
  addSettle: '/api/platform/addSettle',
  webhookNetworks: '/api/platform/setWebhookNetworks',
  offboarding: '/api/platform/getMerchantOffboarding',
  startOffboarding: '/api/platform/startMerchantOffboarding',
  deleteData: '/api/platform/deleteMerchantData',
  certificate: '/api/platform/getDeletionCertificate',
} as const;

/** Onboarding creates a schema and runs its migrations: allow it longer than the usual 10 s. */
const ONBOARDING_TIMEOUT_MS = 60_000;

export function useMerchantList(params: MerchantListParams) {
  return useListRead(merchantKeys.list(params), P.list, params);
}

export function useMerchantInfo(id: number | null) {
  return useQuery({
    queryKey: merchantKeys.detail(id ?? 0),
    queryFn: () => strictCall((options) => apiGet(P.info, { id: id ?? 0 }, options)),
    enabled: id !== null,
  });
}

function useInvalidateMerchant() {
  const queryClient = useQueryClient();
  return (id?: number) => {
    void queryClient.invalidateQueries({ queryKey: merchantKeys.lists() });
    if (id !== undefined) void queryClient.invalidateQueries({ queryKey: merchantKeys.detail(id) });
  };
}

export function useCreateMerchant() {
  const invalidate = useInvalidateMerchant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMerchantBody) =>
      strictCall((options) => apiPost(P.create, body, { ...options, timeoutMs: ONBOARDING_TIMEOUT_MS })),
    onSuccess: (info) => {
      queryClient.setQueryData(merchantKeys.detail(info.merchant.id), info);
      invalidate();
    },
  });
}

export function useUpdateMerchant() {
  const invalidate = useInvalidateMerchant();
  return usePost(P.update, { onSuccess: (_row, body) => invalidate(body.id) });
}

export function useUpdateMerchantStatus() {
  const invalidate = useInvalidateMerchant();
  return usePost(P.status, { onSuccess: (_row, body) => invalidate(body.id) });
}

export function useAddSettlement() {
  const invalidate = useInvalidateMerchant();
  return usePost(P.addSettle, { onSuccess: (_terms, body) => invalidate(body.id) });
}

export function useSetWebhookNetworks() {
  const invalidate = useInvalidateMerchant();
  return usePost(P.webhookNetworks, { onSuccess: (_answer, body) => invalidate(body.id) });
}

/** A merchant leaving: its offboarding's state and what holds it; polled while the export runs. */
export function useMerchantOffboarding(id: number) {
  return useQuery({
    queryKey: merchantKeys.offboarding(id),
    queryFn: () => strictCall((options) => apiGet(P.offboarding, { id }, options)),
    refetchInterval: (query) => (query.state.data?.status === 'requested' && !query.state.data.export_error ? 3000 : false),
  });
}

function useOffboardingAnswer(id: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateMerchant();
  return (answer: MerchantOffboarding) => {
    queryClient.setQueryData(merchantKeys.offboarding(id), answer);
    invalidate(id);
  };
}

export function useStartOffboarding(id: number) {
  return usePost(P.startOffboarding, { onSuccess: useOffboardingAnswer(id) });
}

export function useDeleteMerchantData(id: number) {
  return usePost(P.deleteData, { onSuccess: useOffboardingAnswer(id) });
}

/** A fresh short-lived link to the deletion certificate, asked for when the operator opens it. */
export function useDeletionCertificateLink() {
  return useMutation({ mutationFn: (id: number) => strictCall((options) => apiGet(P.certificate, { id }, options)) });
}
