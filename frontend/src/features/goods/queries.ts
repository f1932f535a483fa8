import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/api/client';
import { quietGet, useListRead } from '@/api/reads';
import { usePost } from '@/api/writes';
import { orThrow } from '@/lib/query';
import { request } from '@/lib/request';
import { subShopKeys } from '@/features/subshops/queries';
import { strictCall } from './lib/apiError';
import type { GainBody, GoodsSaveBody, GoodsStatus, SkuStock } from './types';

export interface GoodsListFilters {
  status?: GoodsStatus;
  category_id?: number;
  keyword?: string;
  /** Only goods with a SKU tracked by unit (a stock receipt's goods). */
  tracked?: boolean;
  page: number;
  page_size: number;
}

export interface PlatformGoodsFilters extends GoodsListFilters {
  merchant_id?: number;
}

export interface GainListFilters {
  gain_type?: string;
  /** 1 enabled, 0 disabled. */
  status?: 0 | 1;
  /** Platform side: one merchant's add-ons. */
  merchant_id?: number;
  keyword?: string;
  page: number;
  page_size: number;
}

export const goodsKeys = {
  all: ['goods'] as const,
  lists: () => [...goodsKeys.all, 'list'] as const,
  list: (filters: GoodsListFilters) => [...goodsKeys.lists(), filters] as const,
  statusCount: () => [...goodsKeys.all, 'statusCount'] as const,
  details: () => [...goodsKeys.all, 'detail'] as const,
  detail: (id: number) => [...goodsKeys.details(), id] as const,
  options: () => [...goodsKeys.all, 'options'] as const,
  terms: () => [...goodsKeys.options(), 'terms'] as const,
  fineness: () => [...goodsKeys.options(), 'fineness'] as const,
  goodsClass: () => [...goodsKeys.options(), 'goodsClass'] as const,
  channels: () => [...goodsKeys.options(), 'channels'] as const,
  /** The sub-shop feature's own key, so creating or disabling a sub-shop refreshes the picker. */
  subShopOptions: () => subShopKeys.options(),
  skuStocks: () => [...goodsKeys.all, 'skuStock'] as const,
  skuStock: (goodsId: number) => [...goodsKeys.skuStocks(), goodsId] as const,
};

export const gainKeys = {
  all: ['goodsGain'] as const,
  lists: () => [...gainKeys.all, 'list'] as const,
  list: (filters: GainListFilters) => [...gainKeys.lists(), filters] as const,
  types: () => [...gainKeys.all, 'types'] as const,
  set: () => [...gainKeys.all, 'set'] as const,
  /** Platform side: every add-on type, enabled or not. */
  addonTypes: () => [...gainKeys.all, 'addonTypes'] as const,
};

export const platformGoodsKeys = {
  all: ['platformGoods'] as const,
  lists: () => [...platformGoodsKeys.all, 'list'] as const,
  list: (filters: PlatformGoodsFilters) => [...platformGoodsKeys.lists(), filters] as const,
  count: () => [...platformGoodsKeys.all, 'count'] as const,
  reasons: () => [...platformGoodsKeys.all, 'forceReasons'] as const,
  reviewSettings: () => [...platformGoodsKeys.all, 'reviewSetting'] as const,
  reviewSetting: (merchantId: number) => [...platformGoodsKeys.reviewSettings(), merchantId] as const,
};

const P = {
  goodsList: '/api/platform/goodsList',
  statusCount: '/api/platform/getGoodStatusCount',
  detail: '/api/platform/goodsDetail',
  save: '/api/platform/saveGood',
  saveAndActive: '/api/platform/saveAndActiveGoods',
  updateStatus: '/api/platform/updateGoodsStatus',
  deleteGood: '/api/platform/deleteGood',
  updateSort: '/api/platform/updateGoodsSort',
  terms: '/api/platform/getTerms',
  fineness: '/api/platform/getGoodFineness',
  goodsClass: '/api/platform/getGoodsClass',
  gainList: '/api/platform/getGoodsGainList',
  gainAdd: '/api/platform/addGoodsGain',
  gainEdit: '/api/platform/editGoodsGain',
  gainStatus: '/api/platform/setGoodsGainStatus',
  gainTypes: '/api/platform/newGetGoodsGainTypeMap',
  gainSet: '/api/platform/getGainSet',
  addonTypes: '/api/platform/getAddonTypeList',
  saveAddonType: '/api/platform/saveAddonType',
  platformList: '/api/platform/platformGoodsList',
  platformCount: '/api/platform/getPlatformGoodsCount',
  reasons: '/api/platform/getForceRefuseReasons',
  forceDown: '/api/platform/forceGoodsDown',
  display: '/api/platform/updateGoodsDisplayStatus',
  review: '/api/platform/reviewGoods',
  reviewSetting: '/api/platform/getGoodsReviewSetting',
  reviewSettingSet: '/api/platform/setGoodsReviewSetting',
  upload: '/api/getPicUrl',
  skuStock: '/api/platform/getSkuStock',
  updateSkuStock: '/api/platform/updateSkuStock',
  subShopOptions: '/api/backend/getSubShopOptions',
  channels: '/api/backend/getChannels',
} as const;

const OPTIONS_STALE_MS = 5 * 60_000;

// --- store side: goods -------------------------------------------------------------------------

export function useGoodsList(filters: GoodsListFilters) {
  return useListRead(goodsKeys.list(filters), P.goodsList, filters);
}

export function useGoodsStatusCount() {
  return useQuery({
    queryKey: goodsKeys.statusCount(),
    queryFn: quietGet(P.statusCount),
  });
}

export function useGoodsDetail(id: number | null) {
  return useQuery({
    queryKey: goodsKeys.detail(id ?? 0),
    queryFn: () => strictCall((options) => apiPost(P.detail, { id: id ?? 0 }, options)),
    enabled: id !== null,
    // The form is filled once from the detail; a background refetch must not overwrite typing.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useTerms() {
  return useQuery({ queryKey: goodsKeys.terms(), queryFn: () => orThrow(P.terms, apiGet(P.terms)), staleTime: OPTIONS_STALE_MS });
}

export function useFineness() {
  return useQuery({ queryKey: goodsKeys.fineness(), queryFn: () => orThrow(P.fineness, apiGet(P.fineness)), staleTime: OPTIONS_STALE_MS });
}

/** Enabled leaf categories, the ones goods are filed under (both sides). */
export function useGoodsClass() {
  return useQuery({ queryKey: goodsKeys.goodsClass(), queryFn: () => orThrow(P.goodsClass, apiGet(P.goodsClass)), staleTime: OPTIONS_STALE_MS });
}

/** Active sub-shops `{id, name}` the goods can be limited to. */
const subShopOptionsQuery = () => ({ queryKey: goodsKeys.subShopOptions(), queryFn: () => orThrow(P.subShopOptions, apiGet(P.subShopOptions)) });

export function useSubShopOptions() {
  return useQuery(subShopOptionsQuery());
}

/** The shop's order channels `{label, name}`; goods store the labels. */
const channelsQuery = () => ({ queryKey: goodsKeys.channels(), queryFn: () => orThrow(P.channels, apiGet(P.channels)), staleTime: OPTIONS_STALE_MS });

export function useChannels() {
  return useQuery(channelsQuery());
}

/**
 * The editor asks for the availability pickers' options with its own data, not once the form
 * that shows them has rendered (which waits for the goods and the form's chunk).
 */
export function usePrefetchAvailability() {
  useQuery(subShopOptionsQuery());
  useQuery(channelsQuery());
}

function useInvalidateGoods() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: goodsKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: goodsKeys.statusCount() });
    void queryClient.invalidateQueries({ queryKey: platformGoodsKeys.all });
  };
}

export function useSaveGoods() {
  const invalidate = useInvalidateGoods();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, activate }: { body: GoodsSaveBody; activate: boolean }) =>
      strictCall((options) => apiPost(activate ? P.saveAndActive : P.save, body, options)),
    onSuccess: (saved) => {
      invalidate();
      void queryClient.removeQueries({ queryKey: goodsKeys.detail(saved.id) });
    },
  });
}

export function useUpdateGoodsStatus() {
  const invalidate = useInvalidateGoods();
  return usePost(P.updateStatus, { onSettled: invalidate });
}

export function useDeleteGoods() {
  const invalidate = useInvalidateGoods();
  return useMutation({
    mutationFn: (id: number) => strictCall((options) => apiPost(P.deleteGood, { id }, options)),
    onSettled: invalidate,
  });
}

export function useUpdateGoodsSort() {
  const invalidate = useInvalidateGoods();
  return usePost(P.updateSort, { onSettled: invalidate });
}

/** The goods' SKUs with their current stock (the stock dialog). */
export function useSkuStock(goodsId: number | null) {
  return useQuery({
    queryKey: goodsKeys.skuStock(goodsId ?? 0),
    queryFn: quietGet(P.skuStock, { goods_id: goodsId ?? 0 }),
    enabled: goodsId !== null,
  });
}

/** Sets a SKU's stock or changes it by a delta; the list's total stock and the editor follow. */
export function useUpdateSkuStock(goodsId: number) {
  const queryClient = useQueryClient();
  return usePost(P.updateSkuStock, {
    onSuccess: (row) => {
      queryClient.setQueryData<SkuStock[]>(goodsKeys.skuStock(goodsId), (rows) => rows?.map((item) => (item.sku_id === row.sku_id ? row : item)));
      void queryClient.invalidateQueries({ queryKey: goodsKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: goodsKeys.detail(goodsId) });
      void queryClient.invalidateQueries({ queryKey: platformGoodsKeys.lists() });
    },
    // A refusal (1208) means the stock shown was stale: show the current figures.
    onError: () => queryClient.invalidateQueries({ queryKey: goodsKeys.skuStock(goodsId) }),
  });
}

/** Uploads one picture (POST /api/getPicUrl, multipart) and answers its URL. */
export function usePictureUpload() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return strictCall((options) => request<{ url: string }>(P.upload, { ...options, method: 'POST', body: form, timeoutMs: 30_000 }));
    },
  });
}

// --- both sides: add-on services ---------------------------------------------------------------

export function useGainList(filters: GainListFilters) {
  return useListRead(gainKeys.list(filters), P.gainList, filters);
}

export function useGainTypes() {
  return useQuery({ queryKey: gainKeys.types(), queryFn: () => orThrow(P.gainTypes, apiGet(P.gainTypes)), staleTime: OPTIONS_STALE_MS });
}

/** Enabled add-ons grouped by type (the editor's package section). */
export function useGainSet() {
  return useQuery({ queryKey: gainKeys.set(), queryFn: () => orThrow(P.gainSet, apiGet(P.gainSet)) });
}

export function useSaveGain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GainBody & { id?: number }) =>
      strictCall((options) => (body.id ? apiPost(P.gainEdit, { ...body, id: body.id }, options) : apiPost(P.gainAdd, body, options))),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gainKeys.all }),
  });
}

/**
 * Enables (1) or disables (0) an add-on. Store side: its own (code 409 when the platform disabled
 * it). Platform side: a merchant's, by the platform's row id; disabling needs the reason the
 * merchant sees, enabling lifts the platform's disabling.
 */
export function useSetGainStatus() {
  const queryClient = useQueryClient();
  return usePost(P.gainStatus, { onSettled: () => queryClient.invalidateQueries({ queryKey: gainKeys.all }) });
}

// --- platform side: add-on types ---------------------------------------------------------------

export function useAddonTypes() {
  return useQuery({
    queryKey: gainKeys.addonTypes(),
    queryFn: quietGet(P.addonTypes),
  });
}

/** Adds a type or changes one (by code); the types merchants are offered follow. */
export function useSaveAddonType() {
  const queryClient = useQueryClient();
  return usePost(P.saveAddonType, {
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: gainKeys.addonTypes() });
      void queryClient.invalidateQueries({ queryKey: gainKeys.types() });
    },
  });
}

// --- platform side: governance -----------------------------------------------------------------

export function usePlatformGoodsList(filters: PlatformGoodsFilters) {
  return useListRead(platformGoodsKeys.list(filters), P.platformList, filters);
}

export function usePlatformGoodsCount() {
  return useQuery({
    queryKey: platformGoodsKeys.count(),
    queryFn: quietGet(P.platformCount),
  });
}

export function useForceReasons(enabled = true) {
  return useQuery({
    queryKey: platformGoodsKeys.reasons(),
    queryFn: () => orThrow(P.reasons, apiGet(P.reasons)),
    staleTime: OPTIONS_STALE_MS,
    enabled,
  });
}

export function useForceGoodsDown() {
  const queryClient = useQueryClient();
  return usePost(P.forceDown, { onSettled: () => queryClient.invalidateQueries({ queryKey: platformGoodsKeys.all }) });
}

export function useUpdateDisplayStatus() {
  const queryClient = useQueryClient();
  return usePost(P.display, { onSettled: () => queryClient.invalidateQueries({ queryKey: platformGoodsKeys.lists() }) });
}

/** Approves goods under review (on shelf) or turns them down with a reason the merchant sees. */
export function useReviewGoods() {
  const queryClient = useQueryClient();
  return usePost(P.review, {
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: platformGoodsKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: platformGoodsKeys.count() });
    },
  });
}

/** Whether the merchant's goods wait for the platform's review before going on shelf. */
export function useGoodsReviewSetting(merchantId: number | undefined) {
  return useQuery({
    queryKey: platformGoodsKeys.reviewSetting(merchantId ?? 0),
    queryFn: quietGet(P.reviewSetting, { merchant_id: merchantId ?? 0 }),
    enabled: merchantId !== undefined,
  });
}

export function useSetGoodsReviewSetting() {
  const queryClient = useQueryClient();
  return usePost(P.reviewSettingSet, {
    onSuccess: (setting) => queryClient.setQueryData(platformGoodsKeys.reviewSetting(setting.merchant_id), setting),
    onSettled: (_data, _error, body) => queryClient.invalidateQueries({ queryKey: platformGoodsKeys.reviewSetting(body.merchant_id) }),
  });
}
