import { describe, expect, it } from 'vitest';
import { isStrongPassword, passwordSchema } from '../password';

const t = (key: string) => key;

describe('the password rule', () => {
  it('checks passwords like the server (8+, letters and digits)', () => {
    expect(isStrongPassword('abc12345')).toBe(true);
    expect(isStrongPassword('abcdefgh')).toBe(false);
    expect(isStrongPassword('1234567')).toBe(false);
  });

  it('confirms a new password', () => {
    const result = passwordSchema(t).safeParse({ password: 'abc12345', confirm: 'abc12346' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['confirm']);
    expect(result.error?.issues[0]?.message).toBe('passwordMismatch');
  });

  it('refuses a weak password with the rule message', () => {
    const result = passwordSchema(t).safeParse({ password: 'abcdefgh', confirm: 'abcdefgh' });
    expect(result.error?.issues[0]?.message).toBe('password');
  });
});
