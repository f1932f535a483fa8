import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, type ApiBody, type ApiData, type ApiQuery } from '@/api/client';
import { quietGet, useListRead } from '@/api/reads';
import { strictCall } from '@/lib/apiError';

export type PrivacyPage = ApiData<'/api/backend/getPrivacyRequests', 'get'>;
export type PrivacyRow = PrivacyPage['list'][number];
export type PrivacyDetail = ApiData<'/api/backend/getPrivacyRequest', 'get'>;
export type PrivacyListQuery = NonNullable<ApiQuery<'/api/backend/getPrivacyRequests', 'get'>>;
export type CreateBody = ApiBody<'/api/backend/createPrivacyRequest', 'post'>;
export type AnswerBody = ApiBody<'/api/backend/answerPrivacyRequest', 'post'>;

const P = {
  list: '/api/backend/getPrivacyRequests',
  detail: '/api/backend/getPrivacyRequest',
  create: '/api/backend/createPrivacyRequest',
  handlers: '/api/backend/getPrivacyHandlers',
  assign: '/api/backend/assignPrivacyRequest',
  answer: '/api/backend/answerPrivacyRequest',
} as const;

export const privacyKeys = {
  all: ['privacy'] as const,
  lists: () => [...privacyKeys.all, 'list'] as const,
  list: (query: PrivacyListQuery) => [...privacyKeys.lists(), query] as const,
  detail: (id: number) => [...privacyKeys.all, 'detail', id] as const,
  handlers: () => [...privacyKeys.all, 'handlers'] as const,
};

export function usePrivacyRequests(query: PrivacyListQuery) {
  return useListRead(privacyKeys.list(query), P.list, query);
}

/** One request; strictCall keeps the server's code (NOT_FOUND shows RecordUnavailable). */
export function usePrivacyRequest(id: number | null) {
  return useQuery({
    queryKey: privacyKeys.detail(id ?? 0),
    queryFn: () => strictCall((options) => apiGet(P.detail, { id: id ?? 0 }, options)),
    enabled: id !== null,
  });
}

export function usePrivacyHandlers(enabled: boolean) {
  return useQuery({ queryKey: privacyKeys.handlers(), queryFn: quietGet(P.handlers), staleTime: 60_000, enabled });
}

function usePrivacyWrite<B, R>(call: (body: B, options: Parameters<typeof apiPost>[2]) => Promise<R | false>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => strictCall((options) => call(body, options)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: privacyKeys.all }),
  });
}

export function useCreatePrivacyRequest() {
  return usePrivacyWrite((body: CreateBody, options) => apiPost(P.create, body, options));
}

export function useAssignPrivacyRequest() {
  return usePrivacyWrite((body: { id: number; handler_id: number }, options) => apiPost(P.assign, body, options));
}

export function useAnswerPrivacyRequest() {
  return usePrivacyWrite((body: AnswerBody, options) => apiPost(P.answer, body, options));
}

/** Access and copy: queues the customer's copy (an export job the kit's dialog follows); the preview masks the identity. */
export function useCreatePrivacyCopy() {
  return useMutation({
    mutationFn: (id: number) => strictCall((options) => apiPost('/api/backend/createPrivacyCopy', { id }, options)),
  });
}

/** Correction of the customer's contact phone on an open correction request (identity data is refused by the server). */
export function useCorrectPrivacyData() {
  return usePrivacyWrite((body: { id: number; phone: string }, options) => apiPost('/api/backend/correctPrivacyData', { ...body, name: '', id_number: '' }, options));
}

/** Deletion where nothing holds the customer's data: anonymised everywhere, the request completed (409 naming the hold otherwise). */
export function useErasePrivacyData() {
  return usePrivacyWrite((id: number, options) => apiPost('/api/backend/erasePrivacyData', { id }, options));
}

/** Answers a deletion request with what holds the data and until when; the customer restricted (409 when nothing holds it). */
export function useRestrictPrivacyData() {
  return usePrivacyWrite((id: number, options) => apiPost('/api/backend/restrictPrivacyData', { id }, options));
}

export type RevealPage = ApiData<'/api/backend/getRevealLog', 'get'>;
export type RevealRow = RevealPage['list'][number];
export type RevealQuery = NonNullable<ApiQuery<'/api/backend/getRevealLog', 'get'>>;

export const revealKeys = {
  all: ['privacy', 'reveals'] as const,
  list: (query: RevealQuery) => [...revealKeys.all, query] as const,
};

/** The owner's reveal log (privacy.reveals): every whole phone or ID number shown or filed, who, when and why. */
export function useRevealLog(query: RevealQuery, enabled = true) {
  return useListRead(revealKeys.list(query), '/api/backend/getRevealLog', query, enabled);
}

export type Consents = ApiData<'/api/backend/getCustomerConsents', 'get'>;
export type ConsentBody = ApiBody<'/api/backend/saveCustomerConsent', 'post'>;

export const consentKeys = {
  customer: (customerId: number) => ['privacy', 'consents', customerId] as const,
};

/** The customer's consent per purpose that rests on consent (privacy.manage). */
export function useConsents(customerId: number) {
  return useQuery({ queryKey: consentKeys.customer(customerId), queryFn: () => strictCall((options) => apiGet('/api/backend/getCustomerConsents', { customer_id: customerId }, options)) });
}

/** Records a consent given or withdrawn; a withdrawal's answer says the lease rests on the contract. */
export function useSaveConsent(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsentBody) => strictCall((options) => apiPost('/api/backend/saveCustomerConsent', body, options)),
    onSuccess: (answer) => queryClient.setQueryData(consentKeys.customer(customerId), answer),
  });
}

export type LegalHoldPage = ApiData<'/api/backend/getLegalHolds', 'get'>;
export type LegalHoldRow = LegalHoldPage['list'][number];
export type LegalHoldQuery = NonNullable<ApiQuery<'/api/backend/getLegalHolds', 'get'>>;
export type Retention = ApiData<'/api/backend/getRetention', 'get'>;
export type RetentionDryRun = ApiData<'/api/backend/getRetentionDryRun', 'get'>;

export const retentionKeys = {
  all: ['privacy', 'retention'] as const,
  holds: (query: LegalHoldQuery) => [...retentionKeys.all, 'holds', query] as const,
  runs: () => [...retentionKeys.all, 'runs'] as const,
};

/** Legal holds (a court's or an authority's order to keep a customer's data), latest start first. */
export function useLegalHolds(query: LegalHoldQuery) {
  return useListRead(retentionKeys.holds(query), '/api/backend/getLegalHolds', query);
}

/** Lifts an active legal hold with the authority's release as the reason. */
export function useLiftLegalHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; reason: string }) => strictCall((options) => apiPost('/api/backend/liftLegalHold', body, options)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: privacyKeys.all }),
  });
}

export type LegalHoldBody = ApiBody<'/api/backend/createLegalHold', 'post'>;
export type SuppressionLiftBody = ApiBody<'/api/backend/liftSuppression', 'post'>;

/** Records an authority's order to keep a customer's data (audited; a restricted customer's holds recomputed). */
export function useCreateLegalHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LegalHoldBody) => strictCall((options) => apiPost('/api/backend/createLegalHold', body, options)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: privacyKeys.all }),
  });
}

/** Lifts an erased customer's suppression (ID number, and the phone's entry) with their fresh consent. */
export function useLiftSuppression() {
  return useMutation({ mutationFn: (body: SuppressionLiftBody) => strictCall((options) => apiPost('/api/backend/liftSuppression', body, options)) });
}

/** The retention job's periods (beside the law's minimum) and its last nights, counts per data class. */
export function useRetention() {
  return useQuery({ queryKey: retentionKeys.runs(), queryFn: () => strictCall((options) => apiGet('/api/backend/getRetention', undefined, options)) });
}

/** What tonight's run would do (computed and rolled back by the server): asked on demand, never cached. */
export function useRetentionDryRun() {
  return useMutation({ mutationFn: () => strictCall((options) => apiGet('/api/backend/getRetentionDryRun', undefined, options)) });
}

/**
 * The shop's full export made when it leaves the platform (owner only): asked for when the
 * owner clicks, since each link is audited; 404 while there is none, an expiry once its period ended.
 */
export function useOffboardingExportLink() {
  return useMutation({
    mutationFn: () => strictCall((options) => apiGet('/api/backend/getOffboardingExport', undefined, options)),
  });
}
