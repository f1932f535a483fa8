import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/api/client';
import { quietGet } from '@/api/reads';
import { usePost } from '@/api/writes';
import { strictCall } from '@/lib/apiError';
import { orThrow } from '@/lib/query';
import { subShopKeys } from '@/features/subshops/queries';
import type { DeliveryListQuery, WebhookEndpoint } from './types';

const P = {
  endpoints: '/api/backend/getWebhookEndpoints',
  createEndpoint: '/api/backend/createWebhookEndpoint',
  updateEndpoint: '/api/backend/updateWebhookEndpoint',
  deleteEndpoint: '/api/backend/deleteWebhookEndpoint',
  rollSecret: '/api/backend/rollWebhookSecret',
  testEndpoint: '/api/backend/testWebhookEndpoint',
  deliveries: '/api/backend/getWebhookDeliveries',
  redeliver: '/api/backend/redeliverWebhook',
  intakeKeys: '/api/backend/getIntakeKeys',
  createIntakeKey: '/api/backend/createIntakeKey',
  intakeKeyStatus: '/api/backend/setIntakeKeyStatus',
  subShops: '/api/backend/getSubShopOptions',
  channels: '/api/backend/getChannels',
  apiKeys: '/api/backend/getApiKeys',
  apiKeyScopes: '/api/backend/getApiKeyScopes',
  createApiKey: '/api/backend/createApiKey',
  revokeApiKey: '/api/backend/revokeApiKey',
  rollApiKey: '/api/backend/rollApiKey',
} as const;

const QUIET = { hideNotice: true };

export const developerKeys = {
  all: ['developers'] as const,
  endpoints: () => [...developerKeys.all, 'endpoints'] as const,
  deliveries: () => [...developerKeys.all, 'deliveries'] as const,
  deliveryList: (query: DeliveryListQuery) => [...developerKeys.deliveries(), query] as const,
  intakeKeys: () => [...developerKeys.all, 'intakeKeys'] as const,
  apiKeys: () => [...developerKeys.all, 'apiKeys'] as const,
  apiKeyScopes: () => [...developerKeys.all, 'apiKeyScopes'] as const,
  channels: () => [...developerKeys.all, 'channels'] as const,
};

// --- webhook endpoints ------------------------------------------------------------------------------

/**
 * The shop's endpoints (never a secret). `quiet`: the layout's banner reads them on every
 * screen and says nothing when the call fails; the screen shows its own error state.
 */
export function useWebhookEndpoints(options: { enabled?: boolean; refetchInterval?: number | false } = {}) {
  return useQuery({
    queryKey: developerKeys.endpoints(),
    queryFn: quietGet(P.endpoints),
    staleTime: 30_000,
    enabled: options.enabled ?? true,
    refetchInterval: options.refetchInterval,
  });
}

function useRefreshEndpoints() {
  const queryClient = useQueryClient();
  return (saved?: WebhookEndpoint) => {
    if (saved) {
      queryClient.setQueryData<WebhookEndpoint[]>(developerKeys.endpoints(), (rows) => rows?.map((row) => (row.id === saved.id ? { ...row, ...saved } : row)));
    }
    void queryClient.invalidateQueries({ queryKey: developerKeys.endpoints() });
  };
}

/** A new endpoint; its answer holds the `whsec_…` secret, shown this once. */
export function useCreateEndpoint() {
  const refresh = useRefreshEndpoints();
  return usePost(P.createEndpoint, { onSuccess: () => refresh() });
}

export function useUpdateEndpoint() {
  const refresh = useRefreshEndpoints();
  return usePost(P.updateEndpoint, { onSuccess: (saved) => refresh(saved) });
}

export function useDeleteEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => strictCall((options) => apiPost(P.deleteEndpoint, { id }, options)),
    onSuccess: ({ id }) => {
      queryClient.setQueryData<WebhookEndpoint[]>(developerKeys.endpoints(), (rows) => rows?.filter((row) => row.id !== id));
      void queryClient.invalidateQueries({ queryKey: developerKeys.endpoints() });
      void queryClient.invalidateQueries({ queryKey: developerKeys.deliveries() });
    },
  });
}

/** A new secret, shown this once; the old one signs beside it until `rolling_until`. */
export function useRollSecret() {
  const refresh = useRefreshEndpoints();
  return useMutation({
    mutationFn: (id: number) => strictCall((options) => apiPost(P.rollSecret, { id }, options)),
    onSuccess: () => refresh(),
  });
}

/** Queues a `ping` to the endpoint; its delivery shows in the deliveries. */
export function useTestEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => strictCall((options) => apiPost(P.testEndpoint, { id }, options)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: developerKeys.deliveries() }),
  });
}

// --- deliveries -----------------------------------------------------------------------------------

/**
 * Deliveries newest first with their attempts. While one is still being sent the page is asked
 * again every few seconds, so a test's or a retry's outcome shows without a reload.
 */
export function useDeliveries(query: DeliveryListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: developerKeys.deliveryList(query),
    queryFn: () => orThrow(P.deliveries, apiGet(P.deliveries, { ...query, endpoint_id: query.endpoint_id ?? undefined }, QUIET)),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
    refetchInterval: (current) => (current.state.data?.list.some((row) => row.status === 'pending' && row.next_attempt_at) ? 3_000 : false),
  });
}

/** One delivery again, or every failed delivery of an endpoint since a time; answers how many. */
export function useRedeliver() {
  const queryClient = useQueryClient();
  return usePost(P.redeliver, { onSuccess: () => void queryClient.invalidateQueries({ queryKey: developerKeys.deliveries() }) });
}

// --- intake keys ----------------------------------------------------------------------------------

export function useIntakeKeys(enabled = true) {
  return useQuery({ queryKey: developerKeys.intakeKeys(), queryFn: quietGet(P.intakeKeys), enabled });
}

/** A new application key; its secret is in this answer only. */
export function useCreateIntakeKey() {
  const queryClient = useQueryClient();
  return usePost(P.createIntakeKey, { onSuccess: () => void queryClient.invalidateQueries({ queryKey: developerKeys.intakeKeys() }) });
}

/** The shop's order channels `{label, name}`: an app key may name the one its orders come from. */
export function useChannels(enabled = true) {
  return useQuery({ queryKey: developerKeys.channels(), queryFn: quietGet(P.channels), staleTime: 5 * 60_000, enabled });
}

export function useSetIntakeKeyStatus() {
  const queryClient = useQueryClient();
  return usePost(P.intakeKeyStatus, { onSuccess: () => void queryClient.invalidateQueries({ queryKey: developerKeys.intakeKeys() }) });
}

// --- API keys -------------------------------------------------------------------------------------

export function useApiKeys() {
  return useQuery({ queryKey: developerKeys.apiKeys(), queryFn: quietGet(P.apiKeys) });
}

export function useApiKeyScopes(enabled = true) {
  return useQuery({
    queryKey: developerKeys.apiKeyScopes(),
    queryFn: quietGet(P.apiKeyScopes),
    staleTime: 5 * 60_000,
    enabled,
  });
}

function useRefreshApiKeys() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: developerKeys.apiKeys() });
}

/** A new key; its answer holds the key whole, shown this once. */
export function useCreateApiKey() {
  const refresh = useRefreshApiKeys();
  return usePost(P.createApiKey, { onSuccess: refresh });
}

export function useRevokeApiKey() {
  const refresh = useRefreshApiKeys();
  return useMutation({
    mutationFn: (id: number) => strictCall((options) => apiPost(P.revokeApiKey, { id }, options)),
    onSuccess: refresh,
  });
}

/** The key's successor (shown this once); the old key works until its new `expires_at`. */
export function useRollApiKey() {
  const refresh = useRefreshApiKeys();
  return usePost(P.rollApiKey, { onSuccess: refresh });
}

/** The shop's active sub-shops, for a key limited to one (the pickers' shared list). */
export function useSubShopOptions(enabled = true) {
  return useQuery({ queryKey: subShopKeys.options(), queryFn: quietGet(P.subShops), staleTime: 5 * 60_000, enabled });
}
