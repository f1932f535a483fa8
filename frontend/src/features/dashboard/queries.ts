import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, type ApiData } from '@/api/client';
import { orThrow } from '@/lib/query';

const P = {
  overview: '/api/v2/getDataOverview',
  orders: '/api/v2/getOrderDataCount',
  leaseGoods: '/api/v2/getOrderGoodsCount',
  purchaseGoods: '/api/v2/getEcommerceOrderGoodsCount',
  rentDue: '/api/v2/getRentCurve',
  rentReceived: '/api/v2/getReceivedRentCurve',
  buyoutDue: '/api/v2/getFinalPaymentCurve',
  buyoutReceived: '/api/v2/getReceivedFinalPaymentCurve',
} as const;

export type DataOverview = ApiData<typeof P.overview, 'get'>;
export type DataFigures = DataOverview['current'];
export type OrderSeries = ApiData<typeof P.orders, 'get'>;
export type GoodsRanking = ApiData<typeof P.leaseGoods, 'get'>;
export type Curve = ApiData<typeof P.rentDue, 'get'>;
export type CurveName = 'rentDue' | 'rentReceived' | 'buyoutDue' | 'buyoutReceived';
export type GoodsKind = 'lease' | 'purchase';

export interface DataQuery {
  date_from: string;
  date_to: string;
  granularity: 'day' | 'month';
  merchant_id?: number;
}

export const dataCenterKeys = {
  all: ['dataCenter'] as const,
  overview: (query: DataQuery) => [...dataCenterKeys.all, 'overview', query] as const,
  orders: (query: DataQuery) => [...dataCenterKeys.all, 'orders', query] as const,
  goods: (kind: GoodsKind, query: DataQuery) => [...dataCenterKeys.all, 'goods', kind, query] as const,
  curve: (name: CurveName, query: DataQuery) => [...dataCenterKeys.all, 'curve', name, query] as const,
};

const options = { hideNotice: true } as const;

/** The period's figures beside the previous period's (both sides; the platform's from public rows). */
export function useDataOverview(query: DataQuery) {
  return useQuery({ queryKey: dataCenterKeys.overview(query), queryFn: () => orThrow(P.overview, apiGet(P.overview, query, options)), placeholderData: keepPreviousData });
}

export function useOrderSeries(query: DataQuery) {
  return useQuery({ queryKey: dataCenterKeys.orders(query), queryFn: () => orThrow(P.orders, apiGet(P.orders, query, options)), placeholderData: keepPreviousData });
}

export function useGoodsRanking(kind: GoodsKind, query: DataQuery) {
  const path = kind === 'lease' ? P.leaseGoods : P.purchaseGoods;
  return useQuery({ queryKey: dataCenterKeys.goods(kind, query), queryFn: () => orThrow(path, apiGet(path, query, options)), placeholderData: keepPreviousData });
}

export function useCurve(name: CurveName, query: DataQuery) {
  const path = P[name];
  return useQuery({ queryKey: dataCenterKeys.curve(name, query), queryFn: () => orThrow(path, apiGet(path, query, options)), placeholderData: keepPreviousData });
}

// --- the platform's aging (/aging, admin side) -------------------------------------------------

const AGING = '/api/backend/getPlatformAging';

export type PlatformAging = ApiData<typeof AGING, 'get'>;
export type AgingMerchantRow = PlatformAging['list'][number];
export type AgingQuery = { merchant_id?: number; keyword?: string; sort?: 'total_desc' | 'total_asc' | 'cases_desc'; page: number; page_size: number };

export const agingKeys = {
  all: ['platformAging'] as const,
  list: (query: AgingQuery) => [...agingKeys.all, 'list', query] as const,
};

/** Every merchant's recovery debt by bucket, from the public projection the nightly run keeps. */
export function usePlatformAging(query: AgingQuery) {
  return useQuery({ queryKey: agingKeys.list(query), queryFn: () => orThrow(AGING, apiGet(AGING, query, options)), placeholderData: keepPreviousData });
}
