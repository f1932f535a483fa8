/**
 * Where a signed-in session lives in the browser. Each platform type has its own keys so an
 * admin token and a store token never mix (spec 6): the token is kept in sessionStorage,
 * localStorage (only when "remember me" was set) and a cookie (one year when remembered,
 * otherwise for the browser session). The role list is kept in a cookie, obfuscated and
 * URL-encoded (spec 3).
 */
import type { Role } from '@/api/types';
import { deleteCookie, ONE_YEAR_SECONDS, readCookie, writeCookie } from './cookies';
import type { PlatformType } from './platform';

const SIDE_NAME: Record<PlatformType, string> = { 0: 'admin', 1: 'store' };

export function tokenKey(platformType: PlatformType): string {
  return `zulin_${SIDE_NAME[platformType]}_token`;
}

export function roleListKey(platformType: PlatformType): string {
  return `zulin_${SIDE_NAME[platformType]}_roles`;
}

function storage(kind: 'session' | 'local'): Storage | null {
  if (typeof window === 'undefined') return null;
  try {
    return kind === 'session' ? window.sessionStorage : window.localStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

/** A session is remembered when its token was also written to localStorage. */
export function isRemembered(platformType: PlatformType): boolean {
  return Boolean(storage('local')?.getItem(tokenKey(platformType)));
}

export function saveToken(
  platformType: PlatformType,
  token: string,
  options: { remember?: boolean } = {},
): void {
  const remember = options.remember ?? isRemembered(platformType);
  const key = tokenKey(platformType);
  storage('session')?.setItem(key, token);
  if (remember) storage('local')?.setItem(key, token);
  else storage('local')?.removeItem(key);
  writeCookie(key, encodeURIComponent(token), remember ? { maxAgeSeconds: ONE_YEAR_SECONDS } : {});
}

export function readToken(platformType: PlatformType): string | null {
  const key = tokenKey(platformType);
  const fromSession = storage('session')?.getItem(key);
  if (fromSession) return fromSession;
  const fromCookie = readCookie(key);
  if (fromCookie) {
    try {
      return decodeURIComponent(fromCookie);
    } catch {
      return null;
    }
  }
  return storage('local')?.getItem(key) || null;
}

export function clearToken(platformType: PlatformType): void {
  const key = tokenKey(platformType);
  storage('session')?.removeItem(key);
  storage('local')?.removeItem(key);
  deleteCookie(key);
}

// The role list is only obfuscated, not secret: the server decides what a role may do.
const OBFUSCATION_KEY = 'zulin-roles';

function xorBytes(bytes: Uint8Array): Uint8Array {
  return bytes.map((byte, index) => byte ^ OBFUSCATION_KEY.charCodeAt(index % OBFUSCATION_KEY.length));
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function encodeRoleList(roles: readonly Role[]): string {
  const plain = JSON.stringify(roles.map(({ id, code, name }) => ({ id, code, name })));
  return encodeURIComponent(bytesToBase64(xorBytes(new TextEncoder().encode(plain))));
}

function isRole(value: unknown): value is Role {
  if (typeof value !== 'object' || value === null) return false;
  const role = value as Record<string, unknown>;
  return typeof role.id === 'number' && typeof role.code === 'string' && typeof role.name === 'string';
}

/** Returns [] for anything that is not a list written by encodeRoleList. */
export function decodeRoleList(encoded: string | null | undefined): Role[] {
  if (!encoded) return [];
  try {
    const bytes = xorBytes(base64ToBytes(decodeURIComponent(encoded)));
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return Array.isArray(parsed) ? parsed.filter(isRole) : [];
  } catch {
    return [];
  }
}

export function saveRoleList(
  platformType: PlatformType,
  roles: readonly Role[],
  options: { remember?: boolean } = {},
): void {
  const remember = options.remember ?? isRemembered(platformType);
  writeCookie(roleListKey(platformType), encodeRoleList(roles), remember ? { maxAgeSeconds: ONE_YEAR_SECONDS } : {});
}

export function readRoleList(platformType: PlatformType): Role[] {
  return decodeRoleList(readCookie(roleListKey(platformType)));
}

export function clearRoleList(platformType: PlatformType): void {
  deleteCookie(roleListKey(platformType));
}

/** Stores what mainLand / chooseRole answered. */
export function saveLogin(
  platformType: PlatformType,
  login: { token: string; roles: readonly Role[] },
  options: { remember?: boolean } = {},
): void {
  saveToken(platformType, login.token, options);
  saveRoleList(platformType, login.roles, options);
}

export function clearSession(platformType: PlatformType): void {
  clearToken(platformType);
  clearRoleList(platformType);
}
