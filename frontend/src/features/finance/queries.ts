import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, type ApiBody, type ApiData } from '@/api/client';
import { strictCall } from '@/lib/apiError';
import { orThrow } from '@/lib/query';
import type { BillLinesQuery, FinanceBillsQuery, FinanceRecordQuery, MarkCollectQuery, TypeCountQuery } from './lib/billListState';

export type FinanceSetting = ApiData<'/api/finance/getFinanceSetting', 'get'>;
export type FinanceSettingBody = ApiBody<'/api/finance/saveFinanceSetting', 'post'>;
export type BillLinePage = ApiData<'/api/v2/getBillList', 'get'>;
export type BillLine = BillLinePage['list'][number];
export type TypeCount = ApiData<'/api/platform/getTransactionTypeCount', 'get'>[number];
export type MarkCollect = ApiData<'/api/finance/getMarkCollect', 'get'>;
export type FinanceBillPage = ApiData<'/api/finance/getFinanceBillList', 'get'>;
export type FinanceBill = FinanceBillPage['list'][number];

export const financeKeys = {
  all: ['finance'] as const,
  setting: () => [...financeKeys.all, 'setting'] as const,
  lines: () => [...financeKeys.all, 'lines'] as const,
  storeLines: (query: BillLinesQuery) => [...financeKeys.lines(), 'store', query] as const,
  platformLines: (query: FinanceRecordQuery) => [...financeKeys.lines(), 'platform', query] as const,
  typeCounts: (platform: boolean, query: TypeCountQuery) => [...financeKeys.all, 'typeCounts', platform, query] as const,
  markCollect: (query: MarkCollectQuery) => [...financeKeys.all, 'markCollect', query] as const,
  bills: (query: FinanceBillsQuery) => [...financeKeys.all, 'bills', query] as const,
};

const P = {
  setting: '/api/finance/getFinanceSetting',
  saveSetting: '/api/finance/saveFinanceSetting',
  storeLines: '/api/v2/getBillList',
  platformLines: '/api/platform/getFinanceRecord',
  typeCounts: '/api/platform/getTransactionTypeCount',
  markCollect: '/api/finance/getMarkCollect',
  bills: '/api/finance/getFinanceBillList',
} as const;

/** The shop's income and expense lines (getBillList, `finance.view`), newest first. */
export function useStoreBillLines(query: BillLinesQuery, enabled = true) {
  return useQuery({
    queryKey: financeKeys.storeLines(query),
    queryFn: () => orThrow(P.storeLines, apiGet(P.storeLines, query, { hideNotice: true })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The platform's lines for every merchant or one (getFinanceRecord, `finance.view`). */
export function usePlatformBillLines(query: FinanceRecordQuery, enabled = true) {
  return useQuery({
    queryKey: financeKeys.platformLines(query),
    queryFn: () => orThrow(P.platformLines, apiGet(P.platformLines, query, { hideNotice: true })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** How many lines of each of the side's types the filters leave (the type tabs). */
export function useTypeCounts(platform: boolean, query: TypeCountQuery, enabled = true) {
  return useQuery({
    queryKey: financeKeys.typeCounts(platform, query),
    queryFn: () => orThrow(P.typeCounts, apiGet(P.typeCounts, query, { hideNotice: true })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The totals above the shop's lines: the period's money, and the balances now (getMarkCollect). */
export function useMarkCollect(query: MarkCollectQuery, enabled = true) {
  return useQuery({
    queryKey: financeKeys.markCollect(query),
    queryFn: () => orThrow(P.markCollect, apiGet(P.markCollect, query, { hideNotice: true })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The customers' instalment bills across orders (getFinanceBillList). */
export function useFinanceBills(query: FinanceBillsQuery, enabled = true) {
  return useQuery({
    queryKey: financeKeys.bills(query),
    queryFn: () => orThrow(P.bills, apiGet(P.bills, query, { hideNotice: true })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The shop's late-fee rates and reminder days in force, with the platform's defaults (`finance.view`). */
export function useFinanceSetting(enabled = true) {
  return useQuery({
    queryKey: financeKeys.setting(),
    queryFn: () => orThrow(P.setting, apiGet(P.setting, undefined, { hideNotice: true })),
    enabled,
  });
}

/**
 * Saves every field at once (`order.manage`): a null field follows the platform's default, so
 * the body always carries the fields the shop keeps. The answer is the setting in force.
 */
export function useSaveFinanceSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FinanceSettingBody) => strictCall((options) => apiPost(P.saveSetting, body, options)),
    onSuccess: (saved) => queryClient.setQueryData(financeKeys.setting(), saved),
  });
}
