/** Error handling of the goods and category screens. */
import type { ApiError } from '@/lib/apiError';

export { ApiError, asApiError, strictCall } from '@/lib/apiError';

/** Backend error codes the goods screens explain (apps/goods, apps/catalog). */
export const GOODS_ERRORS = {
  validation: 400,
  categoryInUse: 1201,
  categoryHasChildren: 1202,
  categoryUnavailable: 1203,
  incomplete: 1204,
  fieldsLocked: 1205,
  statusNotAllowed: 1206,
  forcedDown: 1207,
  notAnImage: 1210,
  tooLarge: 1211,
} as const;

/** 1204's data.goods: which goods miss what. */
export function incompleteGoods(error: ApiError): { id: number; reasons: string[] }[] {
  const goods = (error.failure.data as { goods?: unknown } | null)?.goods;
  return Array.isArray(goods) ? (goods as { id: number; reasons: string[] }[]) : [];
}

/** 1206/1207's data.ids. */
export function failedIds(error: ApiError): number[] {
  const ids = (error.failure.data as { ids?: unknown } | null)?.ids;
  return Array.isArray(ids) ? (ids as number[]) : [];
}
