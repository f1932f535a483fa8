/**
 * Rules shared by the account forms (sub-merchant accounts and staff), mirroring
 * apps/subshops/schemas.py; the server's password rule is code 1009.
 */
import { z } from 'zod';
import { PHONE_PATTERN, USERNAME_PATTERN, type Translate } from '@/features/merchants/lib/onboardingRules';
import { STAFF_ROLES } from './staffRoles';

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

export function staffSchema(t: Translate) {
  return accountSchema(t).extend({
    role_codes: z.array(z.enum(STAFF_ROLES)).min(1, t('roles')),
  });
}
export type StaffValues = z.infer<ReturnType<typeof staffSchema>>;

/** Editing keeps username and password out: the password has its own reset action. */
export function staffEditSchema(t: Translate) {
  return staffSchema(t).pick({ name: true, phone: true, role_codes: true });
}
export type StaffEditValues = z.infer<ReturnType<typeof staffEditSchema>>;
