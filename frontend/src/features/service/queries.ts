import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost, type ApiBody, type ApiData, type ApiQuery } from '@/api/client';
import { quietGet, useListRead } from '@/api/reads';
import { usePost } from '@/api/writes';
import { strictCall } from '@/lib/apiError';
import { orThrow } from '@/lib/query';

export type BaseInfo = ApiData<'/api/general/getBaseInfo', 'post'>;
export type BaseSetBody = ApiBody<'/api/general/baseSet', 'post'>;
export type MessageTemplate = BaseInfo['templates'][number];
export type MessagePreview = ApiData<'/api/general/previewMessage', 'post'>;
export type SentMessage = ApiData<'/api/general/sendMessage', 'post'>;
export type CustomerPage = ApiData<'/api/backend/getCustomerList', 'get'>;
export type CustomerRow = CustomerPage['list'][number];
export type CustomerQuery = NonNullable<ApiQuery<'/api/backend/getCustomerList', 'get'>>;
export type CustomerDetail = ApiData<'/api/backend/getCustomerDetail', 'get'>;
export type BlacklistEntry = CustomerDetail['blacklist'][number];
export type BlacklistPage = ApiData<'/api/backend/getCustomerBlacklist', 'get'>;
export type BlacklistRow = BlacklistPage['list'][number];
export type BlacklistQuery = NonNullable<ApiQuery<'/api/backend/getCustomerBlacklist', 'get'>>;

const P = {
  info: '/api/general/getBaseInfo',
  save: '/api/general/baseSet',
  preview: '/api/general/previewMessage',
  send: '/api/general/sendMessage',
  customers: '/api/backend/getCustomerList',
  customer: '/api/backend/getCustomerDetail',
  entries: '/api/backend/getCustomerBlacklist',
  blacklist: '/api/backend/setCustomerBlacklist',
  lift: '/api/backend/removeCustomerBlacklist',
} as const;

export const serviceKeys = {
  all: ['service'] as const,
  info: () => [...serviceKeys.all, 'info'] as const,
  preview: (orderId: number, code: string) => [...serviceKeys.all, 'preview', orderId, code] as const,
  customers: (query: object) => [...serviceKeys.all, 'customers', query] as const,
  customer: (id: number) => [...serviceKeys.all, 'customer', id] as const,
  entries: (query: object) => [...serviceKeys.all, 'blacklist', query] as const,
};

/** The shop's customer-service settings, templates and the return addresses (read-only here). */
export function useBaseInfo(enabled = true) {
  return useQuery({
    queryKey: serviceKeys.info(),
    queryFn: () => orThrow(P.info, apiPost(P.info, undefined, { hideNotice: true })),
    enabled,
  });
}

export function useSaveBaseInfo() {
  const queryClient = useQueryClient();
  return usePost(P.save, { onSuccess: (saved) => queryClient.setQueryData(serviceKeys.info(), saved) });
}

/** What a template would say to the order's customer now (nothing is sent). */
export function useMessagePreview(orderId: number, code: string) {
  return useQuery({
    queryKey: serviceKeys.preview(orderId, code),
    queryFn: () => orThrow(P.preview, apiPost(P.preview, { order_id: orderId, template_code: code }, { hideNotice: true })),
    enabled: code !== '',
  });
}

export function useSendMessage(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { template_code: string; idempotency_key: string }) => strictCall((options) => apiPost(P.send, { order_id: orderId, ...body }, options)),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: serviceKeys.all });
      // The order's timeline shows the message.
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

export function useCustomers(query: CustomerQuery) {
  return useListRead(serviceKeys.customers(query), P.customers, query);
}

export function useCustomerDetail(id: number | null) {
  return useQuery({
    queryKey: serviceKeys.customer(id ?? 0),
    queryFn: quietGet(P.customer, { customer_id: id ?? 0 }),
    enabled: id !== null,
  });
}

/** The blacklist's entries, people without an order included. */
export function useBlacklistEntries(query: BlacklistQuery) {
  return useListRead(serviceKeys.entries(query), P.entries, query);
}

export function useBlacklist() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: serviceKeys.all });
  const add = usePost(P.blacklist, { onSuccess: refresh });
  const lift = usePost(P.lift, { onSuccess: refresh });
  return { add, lift };
}
