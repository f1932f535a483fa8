import { describe, expect, it } from 'vitest';
import { RequestFailure, TRANSPORT_FAILURE_CODE } from '@/lib/request';
import { ACCOUNT_ERRORS, ApiError, fieldErrorsOf, strictCall } from '../apiError';

describe('server failures shown beside fields', () => {
  it('take the first message of each data.fields entry, keeping dotted paths', () => {
    const error = new ApiError(new RequestFailure(400, '提交的数据有误', { fields: { 'settlement.account_number': ['bad', 'worse'], slug: ['taken'] } }));
    expect(fieldErrorsOf(error)).toEqual({ 'settlement.account_number': 'bad', slug: 'taken' });
  });

  it('attach single-field codes (slug taken) to their field', () => {
    const error = new ApiError(new RequestFailure(ACCOUNT_ERRORS.slugTaken, '该标识已被占用', null));
    expect(fieldErrorsOf(error, { codeFields: { [ACCOUNT_ERRORS.slugTaken]: 'slug' } })).toEqual({ slug: '该标识已被占用' });
    expect(fieldErrorsOf(error)).toEqual({});
  });

  it('tell a lost answer from a refusal', async () => {
    await expect(strictCall(async (options) => {
      options.onFailure?.(new RequestFailure(TRANSPORT_FAILURE_CODE, 'timeout', null));
      return false;
    })).rejects.toSatisfy((error: ApiError) => error.isTransport);
    await expect(strictCall(async () => 'ok')).resolves.toBe('ok');
  });
});
