/**
 * Rules shared by the account forms (sub-merchant accounts, the store's and the platform's
 * staff), mirroring tenants/accounts/schemas.py; the server's password rule is code 1009.
 */
import { z } from 'zod';
import { PHONE_PATTERN, USERNAME_PATTERN, type Translate } from '@/features/merchants/lib/onboardingRules';
import { isAssignableRole, PLATFORM_STAFF_ROLES, STAFF_ROLES, type StaffSide } from './staffRoles';

export * from './staffRoles';
import { isStrongPassword } from '@/lib/password';

export function accountSchema(t: Translate) {
  return z.object({
    username: z.string().trim().min(1, t('required')).max(50).regex(USERNAME_PATTERN, t('username')),
    password: z.string().refine(isStrongPassword, t('password')),
    name: z.string().trim().min(1, t('required')).max(50),
    phone: z.string().trim().refine((value) => value === '' || PHONE_PATTERN.test(value), t('phone')),
  });
}

export type AccountValues = z.infer<ReturnType<typeof accountSchema>>;
export const EMPTY_ACCOUNT: AccountValues = { username: '', password: '', name: '', phone: '' };

const ASSIGNABLE_ROLES = [...STAFF_ROLES, ...PLATFORM_STAFF_ROLES] as const;

/** The side's staff roles only (the store's four, or the platform's three), `min` of them. */
function roleCodes(t: Translate, side: StaffSide, min: number) {
  return z
    .array(z.enum(ASSIGNABLE_ROLES))
    .min(min, t('roles'))
    .refine((codes) => codes.every((code) => isAssignableRole(side, code)), t('roles'));
}

export function staffSchema(t: Translate, side: StaffSide = 'store') {
  return accountSchema(t).extend({ role_codes: roleCodes(t, side, 1) });
}
export type StaffValues = z.infer<ReturnType<typeof staffSchema>>;

/**
 * Editing keeps username and password out: the password has its own reset action. An account
 * that keeps a role the screen does not give (a platform admin) may be left without staff roles.
 */
export function staffEditSchema(t: Translate, side: StaffSide = 'store', options: { keepsOtherRole?: boolean } = {}) {
  return accountSchema(t)
    .pick({ name: true, phone: true })
    .extend({ role_codes: roleCodes(t, side, options.keepsOtherRole ? 0 : 1) });
}
export type StaffEditValues = z.infer<ReturnType<typeof staffEditSchema>>;
