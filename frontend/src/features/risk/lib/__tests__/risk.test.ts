import { describe, expect, it } from 'vitest';
import { auditListQuery, auditListSearch, base64Bytes, billFilters, fitScale, gradeTone, parseAuditListState, parseRiskScreenState, rechargeAmount, rechargeTimeline, riskScreenSearch, riskViewHref } from '../risk';

const params = (query: string) => new URLSearchParams(query);

describe('the recharge amount', () => {
  it('takes a two-place amount within the bounds and names what is wrong otherwise', () => {
    expect(rechargeAmount('500')).toEqual({ amount: '500.00' });
    expect(rechargeAmount(' 10 ')).toEqual({ amount: '10.00' });
    expect(rechargeAmount('')).toEqual({ problem: 'required' });
    expect(rechargeAmount('12.345')).toEqual({ problem: 'invalid' });
    expect(rechargeAmount('abc')).toEqual({ problem: 'invalid' });
    expect(rechargeAmount('9.99')).toEqual({ problem: 'tooLow' });
    expect(rechargeAmount('100000.01')).toEqual({ problem: 'tooHigh' });
    expect(rechargeAmount('100000')).toEqual({ amount: '100000.00' });
  });
});

describe('the voucher picture', () => {
  it('counts the bytes a base64 text holds and shrinks only what is larger than the long side', () => {
    expect(base64Bytes('AAAA')).toBe(3);
    expect(base64Bytes('AAA=')).toBe(2);
    expect(base64Bytes('AA==')).toBe(1);
    expect(fitScale(4000, 3000)).toBeCloseTo(0.4);
    expect(fitScale(1200, 1600)).toBe(1);
    expect(fitScale(800, 600)).toBe(1);
  });
});

describe('the /riskRecharge URL state', () => {
  it('reads its view and filters forgivingly and writes only what differs', () => {
    const state = parseRiskScreenState(params('view=queries&query_type=deep&date_from=2026-01-01&date_to=nope&page=2'));
    expect(state).toMatchObject({ view: 'queries', query_type: 'deep', date_from: '2026-01-01', date_to: '', page: 2 });
    expect(riskScreenSearch(state)).toBe('view=queries&query_type=deep&date_from=2026-01-01&page=2');
    expect(parseRiskScreenState(params('view=other&type=refund')).view).toBe('bills');
    expect(parseRiskScreenState(params('type=refund')).type).toBeUndefined();
    expect(billFilters(parseRiskScreenState(params('type=charge&date_to=2026-02-01')))).toEqual({ type: 'charge', date_to: '2026-02-01' });
    expect(riskViewHref('bills')).toBe('/riskRecharge');
    expect(riskViewHref('recharges')).toBe('/riskRecharge?view=recharges');
  });
});

describe('the /rechargeAudit URL state', () => {
  it('opens on what waits for the audit; "all" lists every status', () => {
    const opened = parseAuditListState(params(''));
    expect(opened.status).toBe('pending');
    expect(auditListQuery(opened)).toEqual({ status: 'pending', page: 1, page_size: 20 });
    expect(auditListSearch(opened)).toBe('');
    const all = parseAuditListState(params('status=all&merchant_id=7'));
    expect(auditListQuery(all)).toEqual({ merchant_id: 7, page: 1, page_size: 20 });
    expect(auditListSearch(all)).toBe('status=all&merchant_id=7');
  });
});

describe('labels', () => {
  it('tones a grade as its decision reads', () => {
    expect([gradeTone('A'), gradeTone('B'), gradeTone('C'), gradeTone('D'), gradeTone('E'), gradeTone('')]).toEqual(['green', 'green', 'amber', 'red', 'red', 'slate']);
  });

  it('turns the status moves into history entries, the provider as no one', () => {
    const [entry] = rechargeTimeline([{ id: 1, action: 'paid', from_status: 'paying', to_status: 'credited', actor: 'system', created_at: '2026-01-01T10:00:00+08:00' }]);
    expect(entry).toMatchObject({ action: 'risk_recharge.paid', actor: '', before: { recharge_status: 'paying' }, after: { recharge_status: 'credited' } });
  });
});
