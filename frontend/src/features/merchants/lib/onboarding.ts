/**
 * Rules of the onboarding form, mirroring tenants/merchant_schemas.py so most mistakes are shown
 * before the request; the server repeats every check and its `data.fields` land beside the same
 * fields (the form's names are the server's dotted paths, e.g. "settlement.account_number").
 */
import { z } from 'zod';
import { isStrongPassword } from '@/lib/password';
import { adminHostPrefix, hostnameOf } from '@/lib/platform';
import { ACCOUNT_NUMBER_PATTERN, isRate, PHONE_PATTERN, SETTLEMENT_CYCLES, SLUG_PATTERN, USERNAME_PATTERN, type Translate } from './onboardingRules';

export * from './onboardingRules';

const optionalPhone = (t: Translate) =>
  z.string().trim().refine((value) => value === '' || PHONE_PATTERN.test(value), t('phone'));

export function settlementSchema(t: Translate) {
  return z.object({
    commission_rate: z.string().trim().refine(isRate, t('rate')),
    settlement_cycle: z.enum(SETTLEMENT_CYCLES, { error: t('required') }),
    bank_name: z.string().trim().min(1, t('required')).max(100),
    account_name: z.string().trim().min(1, t('required')).max(100),
    account_number: z.string().trim().regex(ACCOUNT_NUMBER_PATTERN, t('accountNumber')),
  });
}

export function onboardingSchema(t: Translate) {
  return z.object({
    name: z.string().trim().min(1, t('required')).max(100),
    slug: z.string().trim().toLowerCase().regex(SLUG_PATTERN, t('slug')),
    contact_name: z.string().trim().max(50),
    contact_phone: optionalPhone(t),
    owner_username: z.string().trim().min(1, t('required')).max(50).regex(USERNAME_PATTERN, t('username')),
    owner_password: z.string().refine(isStrongPassword, t('password')),
    owner_name: z.string().trim().max(50),
    owner_phone: optionalPhone(t),
    settlement: settlementSchema(t),
  });
}

export type OnboardingValues = z.infer<ReturnType<typeof onboardingSchema>>;
export type SettlementValues = z.infer<ReturnType<typeof settlementSchema>>;

export const EMPTY_SETTLEMENT: SettlementValues = {
  commission_rate: '',
  settlement_cycle: 'T+7',
  bank_name: '',
  account_name: '',
  account_number: '',
};

export const EMPTY_ONBOARDING: OnboardingValues = {
  name: '',
  slug: '',
  contact_name: '',
  contact_phone: '',
  owner_username: 'owner',
  owner_password: '',
  owner_name: '',
  owner_phone: '',
  settlement: EMPTY_SETTLEMENT,
};

/**
 * The domain merchants live under, from the admin host: "admin.zulin.cn" → "zulin.cn",
 * "admin.localhost:3202" → "localhost". Stores are served at `<slug>.<base>`.
 */
export function baseDomain(host: string, prefix: string = adminHostPrefix()): string {
  const hostname = hostnameOf(host);
  const [first, ...rest] = hostname.split('.');
  return first === prefix.toLowerCase() && rest.length > 0 ? rest.join('.') : hostname;
}

export function subdomainPreview(slug: string, host: string): string {
  const clean = slug.trim().toLowerCase();
  return `${clean || '…'}.${baseDomain(host)}`;
}

/**
 * One key per opening of the onboarding dialog: a retry after a lost answer sends the same key,
 * so the server answers the merchant it already created instead of creating a second one.
 */
export function newIdempotencyKey(random: () => string = () => crypto.randomUUID()): string {
  return `onboard-${random()}`;
}

/** The request body: trimmed values, rate as a string so the decimal stays exact. */
export function onboardingBody(values: OnboardingValues, idempotencyKey: string) {
  return {
    ...values,
    slug: values.slug.trim().toLowerCase(),
    status: 'active' as const,
    idempotency_key: idempotencyKey,
  };
}

