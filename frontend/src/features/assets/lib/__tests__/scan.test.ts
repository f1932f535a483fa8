import { describe, expect, it } from 'vitest';
import { imeiValid, isCodeColumn, normalizeCode, pushResult, splitCodes } from '../scan';

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
