import { describe, expect, it } from 'vitest';
import { accountSchema, staffSchema } from '../account';
import { parseStaffListState, STAFF_LIST_DEFAULTS, staffListParams, staffListSearch } from '../staffListState';

const t = (key: string) => key;

describe('staff list state', () => {
  it('reads role and status filters and drops unknown ones', () => {
    expect(parseStaffListState(new URLSearchParams('role=finance&status=disabled&keyword=li'))).toEqual({ ...STAFF_LIST_DEFAULTS, role: 'finance', status: 'disabled', keyword: 'li' });
    expect(parseStaffListState(new URLSearchParams('role=owner')).role).toBeUndefined();
  });

  it('round-trips and sends only set filters', () => {
    const state = { ...STAFF_LIST_DEFAULTS, role: 'auditor' as const };
    expect(staffListSearch(state)).toBe('role=auditor');
    expect(parseStaffListState(new URLSearchParams(staffListSearch(state)))).toEqual(state);
    expect(staffListParams(state)).toEqual({ page: 1, page_size: 20, role: 'auditor' });
  });
});

describe('account forms', () => {
  it('need at least one staff role, from the four known ones', () => {
    const base = { username: 'li.si', password: 'abc12345', name: '李四', phone: '' };
    expect(staffSchema(t).safeParse({ ...base, role_codes: [] }).success).toBe(false);
    expect(staffSchema(t).safeParse({ ...base, role_codes: ['owner'] }).success).toBe(false);
    expect(staffSchema(t).safeParse({ ...base, role_codes: ['auditor', 'finance'] }).success).toBe(true);
  });

  it('check usernames, names and phones like the server', () => {
    expect(accountSchema(t).safeParse({ username: 'a b', password: 'abc12345', name: 'x', phone: '' }).success).toBe(false);
    expect(accountSchema(t).safeParse({ username: 'ab', password: 'abc12345', name: '', phone: '' }).success).toBe(false);
    expect(accountSchema(t).safeParse({ username: 'ab', password: 'abc12345', name: 'x', phone: '1380000' }).success).toBe(false);
  });
});
