import { describe, expect, it } from 'vitest';
import { routeAccess } from '@/lib/access';
import { PLATFORM_ADMIN, PLATFORM_STORE, type PlatformType } from '@/lib/platform';

const can = (...actions: string[]) => actions.map((action) => ({ action }));

describe('merchant, sub-shop and staff screens in the route registry', () => {
  it('open /merchant and /merchantDetail on the admin side with merchant.manage only', () => {
    expect(routeAccess('/merchant', { platformType: PLATFORM_ADMIN, auth: can('merchant.manage') }).status).toBe('allowed');
    expect(routeAccess('/merchantDetail', { platformType: PLATFORM_ADMIN, auth: can() }).status).toBe('forbidden');
    expect(routeAccess('/merchant', { platformType: PLATFORM_STORE, auth: can('merchant.manage') }).status).toBe('forbidden');
  });

  it('let a sub-merchant (subshop.view) reach the sub-shop screens but not staff', () => {
    const subMerchant = { platformType: PLATFORM_STORE as PlatformType, auth: can('subshop.view', 'goods.view', 'suborder.view') };
    expect(routeAccess('/subMerchant', subMerchant).status).toBe('allowed');
    expect(routeAccess('/subMerchantDetails', subMerchant).status).toBe('allowed');
    expect(routeAccess('/staff', subMerchant).status).toBe('forbidden');
    expect(routeAccess('/staff', { platformType: PLATFORM_STORE, auth: can('staff.manage') }).status).toBe('allowed');
  });

  it('open /staff on the admin side to staff.manage (platform admins), not to finance', () => {
    expect(routeAccess('/staff', { platformType: PLATFORM_ADMIN, auth: can('staff.manage') }).status).toBe('allowed');
    expect(routeAccess('/staff', { platformType: PLATFORM_ADMIN, auth: can('finance.view', 'withdrawal.audit') }).status).toBe('forbidden');
  });
});
