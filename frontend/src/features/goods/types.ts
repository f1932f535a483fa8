/** Names for the generated goods shapes, derived from paths so schema names may change freely. */
import type { ApiBody, ApiData } from '@/api/client';

export type GoodsPage = ApiData<'/api/platform/goodsList', 'get'>;
export type GoodsRow = GoodsPage['list'][number];
export type GoodsStatusCount = ApiData<'/api/platform/getGoodStatusCount', 'get'>;
export type GoodsDetail = ApiData<'/api/platform/goodsDetail', 'post'>;
export type GoodsSaveBody = ApiBody<'/api/platform/saveGood', 'post'>;
export type GoodsSaved = ApiData<'/api/platform/saveGood', 'post'>;
export type Term = ApiData<'/api/platform/getTerms', 'get'>[number];
export type FinenessOption = ApiData<'/api/platform/getGoodFineness', 'get'>[number];
export type GoodsClass = ApiData<'/api/platform/getGoodsClass', 'get'>[number];
export type SkuStock = ApiData<'/api/platform/getSkuStock', 'get'>[number];
export type SkuStockChange = ApiBody<'/api/platform/updateSkuStock', 'post'>;
export type SubShopOption = ApiData<'/api/backend/getSubShopOptions', 'get'>[number];
export type ChannelOption = ApiData<'/api/backend/getChannels', 'get'>[number];

export type GainPage = ApiData<'/api/platform/getGoodsGainList', 'get'>;
export type Gain = GainPage['list'][number];
export type GainBody = ApiBody<'/api/platform/addGoodsGain', 'post'>;
export type GainTypeOption = ApiData<'/api/platform/newGetGoodsGainTypeMap', 'get'>[number];
/** Every add-on type the platform keeps (enabled or not); merchants pick from the enabled ones. */
export type AddonType = ApiData<'/api/platform/getAddonTypeList', 'get'>[number];
export type AddonTypeBody = ApiBody<'/api/platform/saveAddonType', 'post'>;
export type GainGroup = ApiData<'/api/platform/getGainSet', 'get'>[number];
export type RentPlan = ApiData<'/api/platform/getRentPlan', 'get'>[number];

export type PlatformGoodsPage = ApiData<'/api/platform/platformGoodsList', 'get'>;
export type PlatformGoodsRow = PlatformGoodsPage['list'][number];
export type ForceReason = ApiData<'/api/platform/getForceRefuseReasons', 'get'>[number];
export type GoodsReviewSetting = ApiData<'/api/platform/getGoodsReviewSetting', 'get'>;
export type GoodsReviewed = ApiData<'/api/platform/reviewGoods', 'post'>;

export const GOODS_STATUSES = ['draft', 'in_review', 'on_shelf', 'off_shelf', 'force_down'] as const;
export type GoodsStatus = (typeof GOODS_STATUSES)[number];

export function isGoodsStatus(value: string | null | undefined): value is GoodsStatus {
  return (GOODS_STATUSES as readonly string[]).includes(value ?? '');
}

/** Why goods cannot go on shelf (1204 data.goods[].reasons). */
export const INCOMPLETE_REASONS = ['no_picture', 'no_sku', 'no_rent_plan', 'no_stock', 'category_unavailable'] as const;
