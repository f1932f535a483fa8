import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCookie } from '../cookies';
import { PLATFORM_ADMIN, PLATFORM_STORE } from '../platform';
import {
  clearSession,
  decodeRoleList,
  encodeRoleList,
  isRemembered,
  readRoleList,
  readToken,
  roleListKey,
  saveLogin,
  saveToken,
  tokenKey,
} from '../session';

const roles = [
  { id: 1, code: 'owner', name: '店主' },
  { id: 2, code: 'finance', name: 'Finance' },
];

afterEach(() => {
  clearSession(PLATFORM_ADMIN);
  clearSession(PLATFORM_STORE);
});

describe('tokens', () => {
  it('keeps admin and store tokens under separate keys', () => {
    expect(tokenKey(PLATFORM_ADMIN)).not.toBe(tokenKey(PLATFORM_STORE));
    saveToken(PLATFORM_STORE, 'store-token');
    expect(readToken(PLATFORM_STORE)).toBe('store-token');
    expect(readToken(PLATFORM_ADMIN)).toBeNull();
  });

  it('writes sessionStorage and a session cookie, but not localStorage, without remember me', () => {
    saveToken(PLATFORM_STORE, 'abc', { remember: false });
    expect(sessionStorage.getItem(tokenKey(PLATFORM_STORE))).toBe('abc');
    expect(localStorage.getItem(tokenKey(PLATFORM_STORE))).toBeNull();
    expect(readCookie(tokenKey(PLATFORM_STORE))).toBe('abc');
    expect(isRemembered(PLATFORM_STORE)).toBe(false);
  });

  it('writes all three stores and a one-year cookie with remember me', () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
      descriptor.set!.call(document, value);
    });
    saveToken(PLATFORM_ADMIN, 'a.b+c', { remember: true });
    expect(sessionStorage.getItem(tokenKey(PLATFORM_ADMIN))).toBe('a.b+c');
    expect(localStorage.getItem(tokenKey(PLATFORM_ADMIN))).toBe('a.b+c');
    expect(writes.find((w) => w.startsWith(`${tokenKey(PLATFORM_ADMIN)}=`))).toContain('max-age=31536000');
    expect(isRemembered(PLATFORM_ADMIN)).toBe(true);
  });

  it('keeps the remember choice when a new token replaces the old one (role switch)', () => {
    saveToken(PLATFORM_STORE, 'first', { remember: true });
    saveToken(PLATFORM_STORE, 'second');
    expect(localStorage.getItem(tokenKey(PLATFORM_STORE))).toBe('second');
  });

  it('falls back to the cookie, then localStorage, when sessionStorage is empty (new tab)', () => {
    saveToken(PLATFORM_STORE, 'cookie-token', { remember: true });
    sessionStorage.clear();
    expect(readToken(PLATFORM_STORE)).toBe('cookie-token');
    document.cookie = `${tokenKey(PLATFORM_STORE)}=; path=/; max-age=0`;
    expect(readToken(PLATFORM_STORE)).toBe('cookie-token');
  });

  it('clears every copy', () => {
    saveToken(PLATFORM_STORE, 'gone', { remember: true });
    clearSession(PLATFORM_STORE);
    expect(readToken(PLATFORM_STORE)).toBeNull();
    expect(localStorage.getItem(tokenKey(PLATFORM_STORE))).toBeNull();
    expect(readCookie(tokenKey(PLATFORM_STORE))).toBeNull();
  });
});

describe('role list cookie', () => {
  it('round-trips through an obfuscated, URL-encoded value', () => {
    const encoded = encodeRoleList(roles);
    expect(encoded).not.toContain('owner');
    expect(decodeURIComponent(encoded)).not.toContain('owner');
    expect(encoded).toBe(encodeURIComponent(decodeURIComponent(encoded)));
    expect(decodeRoleList(encoded)).toEqual(roles);
  });

  it('keeps only id, code and name', () => {
    const decoded = decodeRoleList(encodeRoleList([{ ...roles[0]!, extra: 'x' } as never]));
    expect(decoded).toEqual([roles[0]]);
  });

  it('reads garbage as an empty list', () => {
    expect(decodeRoleList('not-a-list')).toEqual([]);
    expect(decodeRoleList('%E0%A4%A')).toEqual([]);
    expect(decodeRoleList(null)).toEqual([]);
    expect(decodeRoleList(encodeURIComponent(btoa('{"a":1}')))).toEqual([]);
  });

  it('is stored per platform type with the login', () => {
    saveLogin(PLATFORM_STORE, { token: 't', roles });
    expect(readRoleList(PLATFORM_STORE)).toEqual(roles);
    expect(readRoleList(PLATFORM_ADMIN)).toEqual([]);
    expect(readCookie(roleListKey(PLATFORM_STORE))).toBe(encodeRoleList(roles));
  });
});
