import { describe, expect, it } from 'vitest';
import { accountSchema, staffEditSchema, staffSchema } from '../account';
import { parseStaffListState, STAFF_LIST_DEFAULTS, staffListParams, staffListParser, staffListSearch } from '../staffListState';
import { assignableRoles, filterRoles } from '../staffRoles';

const t = (key: string) => key;

describe('staff list state', () => {
  it('reads role and status filters and drops unknown ones', () => {
    expect(parseStaffListState(new URLSearchParams('role=finance&status=disabled&keyword=li'))).toEqual({ ...STAFF_LIST_DEFAULTS, role: 'finance', status: 'disabled', keyword: 'li' });
    expect(parseStaffListState(new URLSearchParams('role=owner')).role).toBeUndefined();
  });

  it("keeps each side's roles: the platform's on the admin side, the store's on a shop", () => {
    const platform = staffListParser('platform');
    expect(platform(new URLSearchParams('role=platform_finance')).role).toBe('platform_finance');
    expect(platform(new URLSearchParams('role=platform_admin')).role).toBe('platform_admin');
    expect(platform(new URLSearchParams('role=finance')).role).toBeUndefined();
    expect(staffListParser('store')(new URLSearchParams('role=platform_finance')).role).toBeUndefined();
    expect(staffListParser('platform')).toBe(staffListParser('platform')); // stable for the URL hook
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

  it("give the platform its three staff roles, never platform_admin nor a store's role", () => {
    const base = { username: 'fin1', password: 'abc12345', name: '林财务', phone: '' };
    expect(assignableRoles('platform')).toEqual(['platform_operator', 'platform_finance', 'platform_auditor']);
    expect(filterRoles('platform')).toContain('platform_admin');
    expect(staffSchema(t, 'platform').safeParse({ ...base, role_codes: ['platform_finance'] }).success).toBe(true);
    expect(staffSchema(t, 'platform').safeParse({ ...base, role_codes: ['platform_admin'] }).success).toBe(false);
    expect(staffSchema(t, 'platform').safeParse({ ...base, role_codes: ['finance'] }).success).toBe(false);
    expect(staffSchema(t, 'store').safeParse({ ...base, role_codes: ['platform_finance'] }).success).toBe(false);
  });

  it('let an admin be left without staff roles (platform_admin stays), no one else', () => {
    const values = { name: '管理员', phone: '', role_codes: [] };
    expect(staffEditSchema(t, 'platform').safeParse(values).success).toBe(false);
    expect(staffEditSchema(t, 'platform', { keepsOtherRole: true }).safeParse(values).success).toBe(true);
  });

  it('check usernames, names and phones like the server', () => {
    expect(accountSchema(t).safeParse({ username: 'a b', password: 'abc12345', name: 'x', phone: '' }).success).toBe(false);
    expect(accountSchema(t).safeParse({ username: 'ab', password: 'abc12345', name: '', phone: '' }).success).toBe(false);
    expect(accountSchema(t).safeParse({ username: 'ab', password: 'abc12345', name: 'x', phone: '1380000' }).success).toBe(false);
  });
});
