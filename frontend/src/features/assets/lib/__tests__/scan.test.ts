import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/apiError';
import { RequestFailure } from '@/lib/request';
import { asksNotImei, imeiMistyped, imeiValid, isCodeColumn, normalizeCode, pushResult, replaceResult, scanFailureMessage, splitCodes } from '../scan';

describe('splitCodes', () => {
  it('takes one code a line of a pasted column, in order, without blanks, spaces or repeats', () => {
    expect(splitCodes('SN001\r\nSN002\n\n  SN003 \nSN002\n')).toEqual(['SN001', 'SN002', 'SN003']);
  });

  it('takes the cells of a row copied from a spreadsheet', () => {
    expect(splitCodes('SN001\tSN002,SN003;SN004')).toEqual(['SN001', 'SN002', 'SN003', 'SN004']);
  });

  it('tells a column from one code', () => {
    expect(isCodeColumn('SN001\nSN002')).toBe(true);
    expect(isCodeColumn(' SN001 \n')).toBe(false);
  });

  it('drops the spaces a scanner or a person leaves inside a code', () => {
    expect(normalizeCode(' 4901 5420 3237 518 ')).toBe('490154203237518');
  });
});

describe('imeiValid', () => {
  it('accepts 15 digits whose last is the Luhn check digit of the first 14', () => {
    expect(imeiValid('490154203237518')).toBe(true);
    expect(imeiValid('356938035643809')).toBe(true);
  });

  it('refuses a wrong check digit, other lengths and letters', () => {
    expect(imeiValid('490154203237519')).toBe(false);
    expect(imeiValid('49015420323751')).toBe(false);
    expect(imeiValid('49015420323751A')).toBe(false);
  });
});

describe('pushResult', () => {
  it('keeps the newest first and at most `keep`', () => {
    let results = pushResult([], { seq: 1, code: 'A', outcome: 'ok', message: '' }, 2);
    results = pushResult(results, { seq: 2, code: 'B', outcome: 'error', message: 'no' }, 2);
    results = pushResult(results, { seq: 3, code: 'C', outcome: 'ok', message: '' }, 2);
    expect(results.map((result) => result.code)).toEqual(['C', 'B']);
  });
});

describe('imeiMistyped', () => {
  it('is 15 digits whose check digit is wrong', () => {
    expect(imeiMistyped('353915110101048')).toBe(true);
    expect(imeiMistyped('490154203237519')).toBe(true);
  });

  it('is not a valid IMEI, another length or a serial number of letters', () => {
    expect(imeiMistyped('490154203237518')).toBe(false);
    expect(imeiMistyped('49015420323751')).toBe(false);
    expect(imeiMistyped('4901542032375180')).toBe(false);
    expect(imeiMistyped('C02XK1ABJG5H')).toBe(false);
  });
});

describe('scan failures', () => {
  const refused = new ApiError(
    new RequestFailure(400, '「353915110101048」IMEI 校验位不对', { fields: { code: ['IMEI 校验位不对：请重新扫描；若这不是 IMEI，确认后按序列号保存'] }, confirm: 'not_imei' }),
  );

  it("says the field's problem, not that the submitted data is wrong", () => {
    expect(scanFailureMessage(refused, '扫描失败')).toBe('IMEI 校验位不对：请重新扫描；若这不是 IMEI，确认后按序列号保存');
    expect(scanFailureMessage(new ApiError(new RequestFailure(400, '提交的数据有误', { fields: { code: ['最多 64 个字符'] } })), '扫描失败')).toBe('最多 64 个字符');
  });

  it("says the server's message, or the screen's own refusal, else the fallback", () => {
    expect(scanFailureMessage(new ApiError(new RequestFailure(1230, '序列号 X 已属于设备 #7（在库）', null)), '扫描失败')).toBe('序列号 X 已属于设备 #7（在库）');
    expect(scanFailureMessage(new Error('设备在客户处（订单 ZL5），不能调拨'), '扫描失败')).toBe('设备在客户处（订单 ZL5），不能调拨');
    expect(scanFailureMessage('boom', '扫描失败')).toBe('扫描失败');
  });

  it('knows a refusal the person may confirm as not an IMEI', () => {
    expect(asksNotImei(refused)).toBe(true);
    expect(asksNotImei(new ApiError(new RequestFailure(1230, 'x', { unit_id: 7 })))).toBe(false);
    expect(asksNotImei(new Error('x'))).toBe(false);
  });

  it('replaces one scan of the list by its seq', () => {
    const list = [
      { seq: 2, code: 'B', outcome: 'error' as const, message: 'no' },
      { seq: 1, code: 'A', outcome: 'ok' as const, message: '' },
    ];
    expect(replaceResult(list, { seq: 2, code: 'B', outcome: 'ok', message: '' }).map((item) => `${item.seq}${item.outcome}`)).toEqual(['2ok', '1ok']);
  });
});
