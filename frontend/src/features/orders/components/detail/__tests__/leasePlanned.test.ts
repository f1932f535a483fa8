import { describe, expect, it } from 'vitest';
import { leasePlanned } from '../OrderFacts';

describe('a lease’s dates before sign-for', () => {
  it('are planned in every state before sign-for, fixed from sign-for on', () => {
    expect(leasePlanned({ kind: 'lease', status: 'awaiting_audit', delivered_at: null })).toBe(true);
    expect(leasePlanned({ kind: 'lease', status: 'awaiting_signing', delivered_at: null })).toBe(true);
    expect(leasePlanned({ kind: 'lease', status: 'awaiting_shipment', delivered_at: null })).toBe(true);
    expect(leasePlanned({ kind: 'lease', status: 'shipped', delivered_at: null })).toBe(true);
    expect(leasePlanned({ kind: 'lease', status: 'in_lease', delivered_at: '2026-11-20T10:00:00+08:00' })).toBe(false);
    expect(leasePlanned({ kind: 'lease', status: 'completed', delivered_at: null })).toBe(false);
    expect(leasePlanned({ kind: 'purchase', status: 'shipped', delivered_at: null })).toBe(false);
  });
});
