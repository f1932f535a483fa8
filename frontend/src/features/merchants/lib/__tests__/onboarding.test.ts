import { describe, expect, it } from 'vitest';
import {
  baseDomain,
  EMPTY_ONBOARDING,
  newIdempotencyKey,
  onboardingBody,
  onboardingSchema,
  storeUrl,
  subdomainPreview,
} from '../onboarding';

const schema = onboardingSchema((key) => key);
const valid = {
  ...EMPTY_ONBOARDING,
  name: '新商户',
  slug: 'Shop2026',
  owner_password: 'Passw0rd1',
  settlement: { commission_rate: '5.5', settlement_cycle: 'T+7' as const, bank_name: '招商银行', account_name: '新商户', account_number: '6222000011112222' },
};

function errorsOf(values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('onboarding form rules', () => {
  it('accept a complete form and lower-case the slug', () => {
    const result = schema.parse(valid);
    expect(result.slug).toBe('shop2026');
    expect(result.owner_username).toBe('owner');
  });

  it('name the fields the server would refuse, with nested settlement paths', () => {
    expect(
      errorsOf({
        ...valid,
        slug: '9lives',
        contact_phone: '123',
        owner_password: 'password',
        settlement: { ...valid.settlement, commission_rate: '100.5', account_number: '12ab' },
      }),
    ).toEqual({
      slug: 'slug',
      contact_phone: 'phone',
      owner_password: 'password',
      'settlement.commission_rate': 'rate',
      'settlement.account_number': 'accountNumber',
    });
  });

  it('allow a 0–100 rate with at most two decimals', () => {
    for (const rate of ['0', '5', '5.5', '12.34', '100']) expect(errorsOf({ ...valid, settlement: { ...valid.settlement, commission_rate: rate } }), rate).toEqual({});
    for (const rate of ['', '-1', '1.234', '101', 'abc']) expect(errorsOf({ ...valid, settlement: { ...valid.settlement, commission_rate: rate } }), rate).not.toEqual({});
  });
});

describe('store addresses', () => {
  it('derive the base domain from the admin host', () => {
    expect(baseDomain('admin.localhost:3202', 'admin')).toBe('localhost');
    expect(baseDomain('admin.zulin.cn', 'admin')).toBe('zulin.cn');
    expect(baseDomain('zulin.cn', 'admin')).toBe('zulin.cn');
  });

  it('preview the subdomain while the slug is typed', () => {
    expect(subdomainPreview(' Acme ', 'admin.localhost:3202')).toBe('acme.localhost');
    expect(subdomainPreview('', 'admin.localhost')).toBe('….localhost');
  });

  it('build the store URL with this browser’s scheme and port', () => {
    expect(storeUrl('acme.localhost', { protocol: 'http:', port: '3202' })).toBe('http://acme.localhost:3202');
    expect(storeUrl('acme.zulin.cn', { protocol: 'https:', port: '' })).toBe('https://acme.zulin.cn');
  });
});

describe('idempotency', () => {
  it('sends the key of the dialog opening with every attempt', () => {
    const key = newIdempotencyKey(() => 'fixed-uuid');
    expect(key).toBe('onboard-fixed-uuid');
    const body = onboardingBody(schema.parse(valid), key);
    expect(body.idempotency_key).toBe(key);
    expect(onboardingBody(schema.parse(valid), key)).toEqual(body);
    expect(key.length).toBeGreaterThanOrEqual(8);
    expect(newIdempotencyKey().length).toBeLessThanOrEqual(64);
  });
});
