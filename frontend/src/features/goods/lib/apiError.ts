/**
 * Mutations whose failures the screen explains itself (refusal reasons, field errors): the
 * request layer's notice is hidden and the failure travels to the component as an ApiError.
 */
import { RequestFailure, TRANSPORT_FAILURE_CODE, type CallOptions } from '@/lib/request';

export class ApiError extends Error {
  constructor(readonly failure: RequestFailure) {
    super(failure.msg || `code ${failure.code}`);
    this.name = 'ApiError';
  }

  get code(): number {
    return this.failure.code;
  }
}

export async function strictCall<T>(call: (options: CallOptions) => Promise<T | false>): Promise<T> {
  let failure: RequestFailure | null = null;
  const result = await call({ hideNotice: true, onFailure: (reported) => (failure = reported) });
  if (result === false) throw new ApiError(failure ?? new RequestFailure(TRANSPORT_FAILURE_CODE, '', null));
  return result;
}

export function asApiError(error: unknown): ApiError | null {
  return error instanceof ApiError ? error : null;
}

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
