/**
 * The onboarding rules that need no zod (patterns, settlement cycles, the store's address): the
 * merchant list and detail screens import these without loading the forms' schemas.
 */
export const SLUG_PATTERN = /^[a-z][a-z0-9]{1,29}$/;
export const PHONE_PATTERN = /^1\d{10}$/;
export const ACCOUNT_NUMBER_PATTERN = /^\d{6,32}$/;
export const RATE_PATTERN = /^\d{1,3}(\.\d{1,2})?$/;
export const USERNAME_PATTERN = /^[A-Za-z0-9_.@-]+$/;
export const SETTLEMENT_CYCLES = ['T+1', 'T+3', 'T+7', 'T+15', 'monthly'] as const;
export type SettlementCycle = (typeof SETTLEMENT_CYCLES)[number];

export function isRate(value: string): boolean {
  return RATE_PATTERN.test(value) && Number(value) <= 100;
}

/** Keys of the `merchant.errors` messages; the component passes its translator for them. */
export type RuleMessageKey = 'required' | 'phone' | 'rate' | 'accountNumber' | 'slug' | 'username' | 'password' | 'roles' | 'passwordMismatch';
export type Translate = (key: RuleMessageKey) => string;

/** The store's address as this browser reaches it: same scheme and port as the admin host. */
export function storeUrl(domain: string, location: Pick<Location, 'protocol' | 'port'>): string {
  return `${location.protocol}//${domain}${location.port ? `:${location.port}` : ''}`;
}

export function isMerchantCycle(value: string): value is SettlementCycle {
  return (SETTLEMENT_CYCLES as readonly string[]).includes(value);
}
