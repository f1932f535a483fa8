/**
 * The server's password rule (code 1009), shared by every form that sets a password: the
 * onboarding form, account forms and the kit's reset-password dialog.
 */
import { z } from 'zod';

/** At least 8 characters with letters and digits. */
export function isStrongPassword(value: string): boolean {
  return value.length >= 8 && /[A-Za-z]/.test(value) && /\d/.test(value);
}

export type PasswordRuleKey = 'password' | 'passwordMismatch';

/** A new password typed twice; the caller's translator words the two failures. */
export function passwordSchema(t: (key: PasswordRuleKey) => string) {
  return z
    .object({ password: z.string().refine(isStrongPassword, t('password')), confirm: z.string() })
    .refine((values) => values.password === values.confirm, { message: t('passwordMismatch'), path: ['confirm'] });
}
export type PasswordValues = z.infer<ReturnType<typeof passwordSchema>>;
