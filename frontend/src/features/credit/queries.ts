import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost, type ApiBody, type ApiData, type ApiQuery } from '@/api/client';
import { quietGet, useListRead } from '@/api/reads';
import { orThrow } from '@/lib/query';

export type OrderCredit = ApiData<'/api/credit/getOrderCredit', 'get'>;
export type CreditRecordPage = ApiData<'/api/credit/getCreditRecordList', 'get'>;
export type CreditRecord = CreditRecordPage['list'][number];
export type CreditFilePage = ApiData<'/api/credit/getCreditFileList', 'get'>;
export type CreditFile = CreditFilePage['list'][number];
export type CreditFileDetail = ApiData<'/api/credit/getCreditFileDetail', 'get'>;
export type CreditRecordQuery = NonNullable<ApiQuery<'/api/credit/getCreditRecordList', 'get'>>;
export type CorrectBody = ApiBody<'/api/credit/cancelReportCredit', 'post'>;
export type SignChannel = ApiBody<'/api/credit/userCreateSign', 'post'>['channel'];

const P = {
  order: '/api/credit/getOrderCredit',
  records: '/api/credit/getCreditRecordList',
  files: '/api/credit/getCreditFileList',
  file: '/api/credit/getCreditFileDetail',
  generate: '/api/credit/generateFileData',
  submit: '/api/credit/submitUploadFile',
  correct: '/api/credit/cancelReportCredit',
  sign: '/api/credit/userCreateSign',
  open: '/api/credit/accountOpeningCredit',
  append: '/api/credit/appendRepaymentTurnover',
  exportFile: '/api/credit/exportCreditFile',
} as const;

export const creditKeys = {
  all: ['credit'] as const,
  order: (orderId: number) => [...creditKeys.all, 'order', orderId] as const,
  records: (query: object) => [...creditKeys.all, 'records', query] as const,
  files: (page: number) => [...creditKeys.all, 'files', page] as const,
  file: (id: number) => [...creditKeys.all, 'file', id] as const,
};

/** An order's reporting: authorisation, accounts, records and the tree of its credit file. */
export function useOrderCredit(orderId: number, enabled = true) {
  return useQuery({
    queryKey: creditKeys.order(orderId),
    queryFn: quietGet(P.order, { order_id: orderId }),
    enabled,
  });
}

/** The shop's report records, newest first, with counts per state. */
export function useCreditRecords(query: CreditRecordQuery) {
  return useListRead(creditKeys.records(query), P.records, query);
}

/** The shop's report files, newest first. */
export function useCreditFiles(page: number) {
  return useListRead(creditKeys.files(page), P.files, { page, page_size: 20 });
}

/** One file with its tree, records and the bureau's feedback. */
export function useCreditFile(id: number | null) {
  return useQuery({
    queryKey: creditKeys.file(id ?? 0),
    queryFn: quietGet(P.file, { id: id ?? 0 }),
    enabled: id !== null,
  });
}

function useInvalidateCredit() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: creditKeys.all });
}

/** The file of every record pending up to the current month's end. */
export function useGenerateFile() {
  const invalidate = useInvalidateCredit();
  return useMutation({
    mutationFn: () => orThrow(P.generate, apiPost(P.generate, {})),
    onSuccess: () => void invalidate(),
  });
}

/** Sends a generated file to the credit bureau (or asks the bureau again about one sent). */
export function useSubmitFile() {
  const invalidate = useInvalidateCredit();
  return useMutation({
    mutationFn: (id: number) => orThrow(P.submit, apiPost(P.submit, { id })),
    onSuccess: () => void invalidate(),
  });
}

/**
 * A short-lived link to a file's XML, which holds every reported customer's name and ID number
 * whole: asked with a reason, recorded in the owner's reveal log.
 */
export function useExportCreditFile() {
  return useMutation({
    mutationFn: (body: ApiBody<typeof P.exportFile, 'post'>) => orThrow(P.exportFile, apiPost(P.exportFile, body)),
  });
}

/** A correction that replaces a record. */
export function useCorrectRecord() {
  const invalidate = useInvalidateCredit();
  return useMutation({
    mutationFn: (body: CorrectBody) => orThrow(P.correct, apiPost(P.correct, body)),
    onSuccess: () => void invalidate(),
  });
}

/** The customer's authorisation to report the lease, recorded once (where they signed it). */
export function useRecordAuthorisation(orderId: number) {
  const invalidate = useInvalidateCredit();
  return useMutation({
    mutationFn: (channel: SignChannel) => orThrow(P.sign, apiPost(P.sign, { order_id: orderId, channel })),
    onSuccess: () => void invalidate(),
  });
}

/** Opens the lease's D1 account (authorised, lease started), with its opening record. */
export function useOpenCreditAccount(orderId: number) {
  const invalidate = useInvalidateCredit();
  return useMutation({
    mutationFn: () => orThrow(P.open, apiPost(P.open, { order_id: orderId })),
    onSuccess: () => void invalidate(),
  });
}

/** Adds the repayment and overdue records the order's bills now call for (none twice). */
export function useAppendCreditRecords(orderId: number) {
  const invalidate = useInvalidateCredit();
  return useMutation({
    mutationFn: () => orThrow(P.append, apiPost(P.append, { order_id: orderId })),
    onSuccess: () => void invalidate(),
  });
}
