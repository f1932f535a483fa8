import { describe, expect, it } from 'vitest';
import { allowedTransitions, canEditMerchant, MERCHANT_STATUSES } from '../status';

const targets = (status: string) => allowedTransitions(status).map((transition) => transition.to);

describe('merchant status transitions offered in the UI', () => {
  it('match the server: pending→active, active→frozen|closed, frozen→active|closed', () => {
    expect(targets('pending')).toEqual(['active']);
    expect(targets('active')).toEqual(['frozen', 'closed']);
    expect(targets('frozen')).toEqual(['active', 'closed']);
  });

  it('offer nothing for a closed merchant (final) or an unknown status', () => {
    expect(targets('closed')).toEqual([]);
    expect(targets('deleted')).toEqual([]);
  });

  it('ask a reason for freeze and close only', () => {
    for (const status of MERCHANT_STATUSES) {
      for (const transition of allowedTransitions(status)) {
        expect(transition.needsReason, `${status}→${transition.to}`).toBe(transition.to === 'frozen' || transition.to === 'closed');
      }
    }
  });

  it('name reactivation and approval apart although both lead to active', () => {
    expect(allowedTransitions('pending')[0]?.action).toBe('approve');
    expect(allowedTransitions('frozen')[0]?.action).toBe('reactivate');
  });

  it('let every merchant but a closed one be edited', () => {
    expect(canEditMerchant('frozen')).toBe(true);
    expect(canEditMerchant('closed')).toBe(false);
  });
});
