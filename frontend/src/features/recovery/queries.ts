import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, type ApiBody, type ApiData, type ApiQuery } from '@/api/client';
import { quietGet, useListRead } from '@/api/reads';
import { strictCall } from '@/lib/apiError';

export type CasePage = ApiData<'/api/backend/getRecoveryCases', 'get'>;
export type CaseRow = CasePage['list'][number];
export type CaseDetail = ApiData<'/api/backend/getRecoveryCase', 'get'>;
export type CaseCounts = ApiData<'/api/backend/getRecoveryCount', 'get'>;
export type Collector = ApiData<'/api/backend/getRecoveryCollectors', 'get'>[number];
export type RecoverySetting = ApiData<'/api/backend/getRecoverySetting', 'get'>;
export type PaymentLink = ApiData<'/api/backend/sendPaymentLink', 'post'>;
export type CaseListQuery = NonNullable<ApiQuery<'/api/backend/getRecoveryCases', 'get'>>;
export type CaseCountQuery = NonNullable<ApiQuery<'/api/backend/getRecoveryCount', 'get'>>;
export type ContactBody = ApiBody<'/api/backend/addContactRecord', 'post'>;
export type PromiseBody = ApiBody<'/api/backend/addPromiseToPay', 'post'>;
export type SettingBody = ApiBody<'/api/backend/saveRecoverySetting', 'post'>;
export type WriteOffBody = ApiBody<'/api/backend/writeOffDebt', 'post'>;
export type RecoveryReport = ApiData<'/api/backend/getRecoveryReport', 'get'>;
export type ReportQuery = NonNullable<ApiQuery<'/api/backend/getRecoveryReport', 'get'>>;

const P = {
  list: '/api/backend/getRecoveryCases',
  count: '/api/backend/getRecoveryCount',
  detail: '/api/backend/getRecoveryCase',
  collectors: '/api/backend/getRecoveryCollectors',
  assign: '/api/backend/assignRecoveryCases',
  contact: '/api/backend/addContactRecord',
  promise: '/api/backend/addPromiseToPay',
  paymentLink: '/api/backend/sendPaymentLink',
  setting: '/api/backend/getRecoverySetting',
  saveSetting: '/api/backend/saveRecoverySetting',
  writeOff: '/api/backend/writeOffDebt',
  report: '/api/backend/getRecoveryReport',
} as const;

export const recoveryKeys = {
  all: ['recovery'] as const,
  lists: () => [...recoveryKeys.all, 'list'] as const,
  list: (query: CaseListQuery) => [...recoveryKeys.lists(), query] as const,
  count: (query: CaseCountQuery) => [...recoveryKeys.all, 'count', query] as const,
  detail: (id: number) => [...recoveryKeys.all, 'detail', id] as const,
  collectors: () => [...recoveryKeys.all, 'collectors'] as const,
  setting: () => [...recoveryKeys.all, 'setting'] as const,
  report: (query: ReportQuery) => [...recoveryKeys.all, 'report', query] as const,
};

/** The cases the session may work, next action due first. */
export function useRecoveryCases(query: CaseListQuery) {
  return useListRead(recoveryKeys.list(query), P.list, query);
}

/** Per bucket and state, the cases and what they owe, with the list's filters. */
export function useRecoveryCount(query: CaseCountQuery) {
  return useListRead(recoveryKeys.count(query), P.count, query);
}

/** One case. strictCall keeps the server's code: a case out of scope answers NOT_FOUND (RecordUnavailable). */
export function useRecoveryCase(id: number | null) {
  return useQuery({
    queryKey: recoveryKeys.detail(id ?? 0),
    queryFn: () => strictCall((options) => apiGet(P.detail, { case_id: id ?? 0 }, options)),
    enabled: id !== null,
  });
}

/** The shop's collectors (only for a session that may assign). */
export function useRecoveryCollectors(enabled: boolean) {
  return useQuery({
    queryKey: recoveryKeys.collectors(),
    queryFn: quietGet(P.collectors),
    staleTime: 60_000,
    enabled,
  });
}

export function useRecoverySetting(enabled: boolean) {
  return useQuery({
    queryKey: recoveryKeys.setting(),
    queryFn: quietGet(P.setting),
    staleTime: 60_000,
    enabled,
  });
}

function useInvalidateRecovery() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: recoveryKeys.all });
}

function useRecoveryWrite<B, R>(call: (body: B, options: Parameters<typeof apiPost>[2]) => Promise<R | false>) {
  const invalidate = useInvalidateRecovery();
  return useMutation({
    mutationFn: (body: B) => strictCall((options) => call(body, options)),
    onSuccess: invalidate,
  });
}

export function useAssignRecoveryCases() {
  return useRecoveryWrite((body: { case_ids: number[]; assignee_id: number | null }, options) => apiPost(P.assign, body, options));
}

export function useAddContactRecord() {
  return useRecoveryWrite((body: ContactBody, options) => apiPost(P.contact, body, options));
}

export function useAddPromiseToPay() {
  return useRecoveryWrite((body: PromiseBody, options) => apiPost(P.promise, body, options));
}

export function useSendPaymentLink() {
  return useRecoveryWrite((body: { case_id: number; idempotency_key: string; send_sms: boolean }, options) => apiPost(P.paymentLink, body, options));
}

export function useSaveRecoverySetting() {
  return useRecoveryWrite((body: SettingBody, options) => apiPost(P.saveSetting, body, options));
}

/** Writes off what a case owes past due (recovery.writeoff; the shop's age, a reason). */
export function useWriteOffDebt() {
  return useRecoveryWrite((body: WriteOffBody, options) => apiPost(P.writeOff, body, options));
}

/** Recovered, the recovery rate, promises and closings over China days, by collector and bucket. */
export function useRecoveryReport(query: ReportQuery) {
  return useListRead(recoveryKeys.report(query), P.report, query);
}
