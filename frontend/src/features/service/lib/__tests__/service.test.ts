import { describe, expect, it } from 'vitest';
import { blacklistListParser, blacklistListSearch, customerListParser, customerListSearch, customerQuery, holdsIdNumber, moved, personProblems, templateVariables, unknownVariables } from '../service';

describe('templates', () => {
  it('reads the variables a template names, in order', () => {
    expect(templateVariables('{name}您好，订单{order_no}应还{amount}元')).toEqual(['name', 'order_no', 'amount']);
    expect(templateVariables('没有变量')).toEqual([]);
  });

  it('names the variables the shop may not use, once each', () => {
    expect(unknownVariables('{name}{id_number}{id_number}{x}', ['name', 'order_no'])).toEqual(['id_number', 'x']);
    expect(unknownVariables('{name}', ['name'])).toEqual([]);
  });

  it('finds an ID number written into a template but not an order number or an amount', () => {
    expect(holdsIdNumber('证件110101199003074514')).toBe(true);
    expect(holdsIdNumber('证件11010119900307451X')).toBe(true);
    expect(holdsIdNumber('订单ZL2026112412345678，应还 1200.00')).toBe(false);
  });
});

describe('notices', () => {
  it('moves a notice up or down and leaves the ends alone', () => {
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('customers list state', () => {
  it('keeps the filters in the URL, leaving defaults out', () => {
    const state = customerListParser(new URLSearchParams('keyword=139&overdue=1&blacklisted=yes&page=2'));
    expect(state).toEqual({ keyword: '139', overdue: true, blacklisted: 'yes', page: 2, page_size: 20 });
    expect(customerListSearch(state)).toBe('keyword=139&overdue=1&blacklisted=yes&page=2');
    expect(customerListSearch(customerListParser(new URLSearchParams('blacklisted=maybe&page=x')))).toBe('');
  });

  it('asks the server for listed, unlisted or every customer', () => {
    const base = customerListParser(new URLSearchParams(''));
    expect(customerQuery(base)).not.toHaveProperty('blacklisted');
    expect(customerQuery({ ...base, blacklisted: 'no' })).toMatchObject({ blacklisted: false });
    expect(customerQuery({ ...base, blacklisted: 'yes' })).toMatchObject({ blacklisted: true });
  });
});

describe('blacklist view', () => {
  it('keeps its status and page in the URL with the view', () => {
    const state = blacklistListParser(new URLSearchParams('view=blacklist&status=lifted&page=3'));
    expect(state).toEqual({ status: 'lifted', page: 3, page_size: 20 });
    expect(blacklistListSearch(state)).toBe('view=blacklist&status=lifted&page=3');
    expect(blacklistListSearch(blacklistListParser(new URLSearchParams('status=gone')))).toBe('view=blacklist');
  });

  it('checks a person blacklisted by hand before asking the server', () => {
    expect(personProblems({ id_number: '11010119900307451X', phone: '', reason: '冒用' })).toEqual({});
    expect(personProblems({ id_number: '1234', phone: '12345', reason: ' ' })).toEqual({ id_number: 'idNumber', phone: 'phone', reason: 'required' });
  });
});
