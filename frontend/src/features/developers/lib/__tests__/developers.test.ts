import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  endpointLabel,
  apiKeyProblems,
  apiKeyRefusal,
  attemptOutcome,
  deliveryListQuery,
  developersHref,
  developersSearch,
  disabledReasonKey,
  endpointState,
  EVENT_TYPES,
  eventTypeKey,
  keyDisplay,
  parseDevelopersState,
  pingRefusal,
  redeliverRefusal,
  systemDisabled,
  toggleEventType,
  visibleViews,
} from '../developers';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../..');

describe('the developers screen in the URL', () => {
  it('opens on the endpoints and keeps the defaults out of the address', () => {
    const state = parseDevelopersState(new URLSearchParams(''));
    expect(state).toEqual({ view: 'endpoints', endpoint_id: undefined, status: undefined, delivery: undefined, page: 1, page_size: 20 });
    expect(developersSearch(state)).toBe('');
  });

  it('reads the deliveries filters and drops what is not one', () => {
    const state = parseDevelopersState(new URLSearchParams('view=deliveries&endpoint_id=7&status=failed&delivery=31&page=2'));
    expect(state).toMatchObject({ view: 'deliveries', endpoint_id: 7, status: 'failed', delivery: 31, page: 2 });
    expect(developersSearch(state)).toBe('view=deliveries&endpoint_id=7&status=failed&delivery=31&page=2');
    expect(parseDevelopersState(new URLSearchParams('view=secrets&status=lost&endpoint_id=-1'))).toMatchObject({ view: 'endpoints', status: undefined, endpoint_id: undefined });
  });

  it('links each view, the deliveries of one endpoint too', () => {
    expect(developersHref('endpoints')).toBe('/developers');
    expect(developersHref('guide')).toBe('/developers?view=guide');
    expect(developersHref('deliveries', 4)).toBe('/developers?view=deliveries&endpoint_id=4');
  });

  it('asks the deliveries with every status when none is chosen', () => {
    expect(deliveryListQuery(parseDevelopersState(new URLSearchParams('view=deliveries')))).toEqual({ endpoint_id: undefined, status: '', page: 1, page_size: 20 });
  });

  it('shows the intake keys only to a session that manages them', () => {
    expect(visibleViews(false)).toEqual(['endpoints', 'deliveries', 'apiKeys', 'guide']);
    expect(visibleViews(true)).toContain('intake');
  });
});

describe('endpoints', () => {
  it('offers the event types the backend knows, and no other', () => {
    const source = readFileSync(resolve(REPO, 'apps/webhooks/services.py'), 'utf8');
    const block = /EVENT_TYPES = \(([\s\S]*?)\)/.exec(source)?.[1] ?? '';
    expect([...block.matchAll(/"([^"]+)"/g)].map((match) => match[1])).toEqual([...EVENT_TYPES]);
  });

  it('keeps the chosen types in the catalogue order; none chosen means every type', () => {
    expect(toggleEventType([], 'bill.paid')).toEqual(['bill.paid']);
    expect(toggleEventType(['bill.paid'], 'order.created')).toEqual(['order.created', 'bill.paid']);
    expect(toggleEventType(['order.created', 'bill.paid'], 'order.created')).toEqual(['bill.paid']);
    expect(eventTypeKey('recovery.case_changed')).toBe('recovery_case_changed');
  });

  it('tells an endpoint the system turned off from one its owner turned off', () => {
    expect(endpointState({ enabled: true, disabled_reason: '' })).toBe('enabled');
    expect(endpointState({ enabled: false, disabled_reason: '' })).toBe('paused');
    expect(endpointState({ enabled: false, disabled_reason: 'the receiver answered 410 Gone' })).toBe('disabledBySystem');
    const rows = [
      { id: 1, enabled: true, disabled_reason: '' },
      { id: 2, enabled: false, disabled_reason: '' },
      { id: 3, enabled: false, disabled_reason: 'every attempt failed for 5 days' },
    ];
    expect(systemDisabled(rows).map((row) => row.id)).toEqual([3]);
    expect(systemDisabled(undefined)).toEqual([]);
  });

  it("names the system's reasons in the catalogue, and leaves another as it was written", () => {
    expect(disabledReasonKey('the receiver answered 410 Gone')).toBe('gone');
    expect(disabledReasonKey('every attempt failed for 5 days')).toBe('failing');
    expect(disabledReasonKey('something new')).toBeNull();
  });

  it('refuses a test to a disabled endpoint', () => {
    expect(pingRefusal({ enabled: true })).toBeNull();
    expect(pingRefusal({ enabled: false })).toBe('disabled');
  });
});

describe('deliveries', () => {
  it('sends again only a delivery that has ended', () => {
    expect(redeliverRefusal({ status: 'pending' })).toBe('pending');
    expect(redeliverRefusal({ status: 'failed' })).toBeNull();
    expect(redeliverRefusal({ status: 'delivered' })).toBeNull();
  });

  it('reads an attempt as delivered, answered otherwise, or not answered', () => {
    expect(attemptOutcome({ status_code: 204 })).toBe('ok');
    expect(attemptOutcome({ status_code: 410 })).toBe('status');
    expect(attemptOutcome({ status_code: 302 })).toBe('status');
    expect(attemptOutcome({ status_code: null })).toBe('error');
  });
});

describe('API keys', () => {
  const scopes = [
    { scope: 'orders:read', actions: ['order.view'], granted: true },
    { scope: 'goods:write', actions: ['goods.edit'], granted: false },
  ];

  it('shows a key by its prefix only', () => {
    expect(keyDisplay('zl_live_3fA9xk2P')).toBe('zl_live_3fA9xk2P…');
  });

  it('revokes or rolls only an active key', () => {
    expect(apiKeyRefusal({ status: 'active' })).toBeNull();
    expect(apiKeyRefusal({ status: 'expired' })).toBe('expired');
    expect(apiKeyRefusal({ status: 'revoked' })).toBe('revoked');
  });

  it('asks for a name of 1 to 50 characters and 1 to 5 scopes the account holds', () => {
    expect(apiKeyProblems({ name: 'ERP', scopes: ['orders:read'] }, scopes)).toEqual({});
    expect(apiKeyProblems({ name: '  ', scopes: [] }, scopes)).toEqual({ name: 'nameRequired', scopes: 'scopesRequired' });
    expect(apiKeyProblems({ name: 'x'.repeat(51), scopes: ['goods:write'] }, scopes)).toEqual({ name: 'nameTooLong', scopes: 'scopeNotGranted' });
    expect(apiKeyProblems({ name: 'ERP', scopes: ['a', 'b', 'c', 'd', 'e', 'f'] }, scopes).scopes).toBe('scopesTooMany');
  });
});

describe('endpointLabel', () => {
  it('names an endpoint by its description first, then its address', () => {
    expect(endpointLabel({ url: 'https://erp.example/hooks', description: ' 仓库 ERP ' })).toBe('仓库 ERP · https://erp.example/hooks');
    expect(endpointLabel({ url: 'https://erp.example/hooks', description: '' })).toBe('https://erp.example/hooks');
  });
});
