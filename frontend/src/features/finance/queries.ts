import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiBody, type ApiData } from '@/api/client';
import { quietGet, useListRead } from '@/api/reads';
import { usePost } from '@/api/writes';
import type { BillLinesQuery, FinanceBillsQuery, FinanceRecordQuery, MarkCollectQuery, TypeCountQuery } from './lib/billListState';

export type FinanceSetting = ApiData<'/api/finance/getFinanceSetting', 'get'>;
export type FinanceSettingBody = ApiBody<'/api/finance/saveFinanceSetting', 'post'>;
export type BillLinePage = ApiData<'/api/v2/getBillList', 'get'>;
export type BillLine = BillLinePage['list'][number];
export type TypeCount = ApiData<'/api/platform/getTransactionTypeCount', 'get'>[number];
export type MarkCollect = ApiData<'/api/finance/getMarkCollect', 'get'>;
export type FinanceBillPage = ApiData<'/api/finance/getFinanceBillList', 'get'>;
export type FinanceBill = FinanceBillPage['list'][number];
export type OverdueLadder = ApiData<'/api/finance/getOverdueLadder', 'get'>;
export type OverdueLadderBody = ApiBody<'/api/finance/saveOverdueLadder', 'post'>;

export const financeKeys = {
  all: ['finance'] as const,
  setting: () => [...financeKeys.all, 'setting'] as const,
  ladder: () => [...financeKeys.all, 'ladder'] as const,
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
  ladder: '/api/finance/getOverdueLadder',
  saveLadder: '/api/finance/saveOverdueLadder',
  storeLines: '/api/v2/getBillList',
  platformLines: '/api/platform/getFinanceRecord',
  typeCounts: '/api/platform/getTransactionTypeCount',
  markCollect: '/api/finance/getMarkCollect',
  bills: '/api/finance/getFinanceBillList',
} as const;

/** The shop's income and expense lines (getBillList, `finance.view`), newest first. */
export function useStoreBillLines(query: BillLinesQuery, enabled = true) {
  return useListRead(financeKeys.storeLines(query), P.storeLines, query, enabled);
}

/** The platform's lines for every merchant or one (getFinanceRecord, `finance.view`). */
export function usePlatformBillLines(query: FinanceRecordQuery, enabled = true) {
  return useListRead(financeKeys.platformLines(query), P.platformLines, query, enabled);
}

/** How many lines of each of the side's types the filters leave (the type tabs). */
export function useTypeCounts(platform: boolean, query: TypeCountQuery, enabled = true) {
  return useListRead(financeKeys.typeCounts(platform, query), P.typeCounts, query, enabled);
}

/** The totals above the shop's lines: the period's money, and the balances now (getMarkCollect). */
export function useMarkCollect(query: MarkCollectQuery, enabled = true) {
  return useListRead(financeKeys.markCollect(query), P.markCollect, query, enabled);
}

/** The customers' instalment bills across orders (getFinanceBillList). */
export function useFinanceBills(query: FinanceBillsQuery, enabled = true) {
  return useListRead(financeKeys.bills(query), P.bills, query, enabled);
}

/** The shop's late-fee rates and reminder days in force, with the platform's defaults (`finance.view`). */
export function useFinanceSetting(enabled = true) {
  return useQuery({
    queryKey: financeKeys.setting(),
    queryFn: quietGet(P.setting),
    enabled,
  });
}

/**
 * Saves every field at once (`order.manage`): a null field follows the platform's default, so
 * the body always carries the fields the shop keeps. The answer is the setting in force.
 */
export function useSaveFinanceSetting() {
  const queryClient = useQueryClient();
  return usePost(P.saveSetting, { onSuccess: (saved) => queryClient.setQueryData(financeKeys.setting(), saved) });
}

/** The shop's overdue ladder in force, the default beside it (`finance.view`). */
export function useOverdueLadder(enabled = true) {
  return useQuery({
    queryKey: financeKeys.ladder(),
    queryFn: quietGet(P.ladder),
    enabled,
  });
}

/** Replaces the shop's ladder with the steps given (`finance.manage`); the answer is the ladder in force. */
export function useSaveOverdueLadder() {
  const queryClient = useQueryClient();
  return usePost(P.saveLadder, { onSuccess: (saved) => queryClient.setQueryData(financeKeys.ladder(), saved) });
}
