export const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const entry = part.trim();
    if (entry.startsWith(prefix)) return entry.slice(prefix.length);
  }
  return null;
}

/**
 * Writes a cookie for the whole site. The value must already be cookie-safe (URL-encoded).
 * Without maxAgeSeconds the cookie lives for the browser session.
 */
export function writeCookie(name: string, value: string, options: { maxAgeSeconds?: number } = {}): void {
  if (typeof document === 'undefined') return;
  const parts = [`${name}=${value}`, 'path=/', 'SameSite=Lax'];
  if (options.maxAgeSeconds !== undefined) parts.push(`max-age=${options.maxAgeSeconds}`);
  document.cookie = parts.join('; ');
}

export function deleteCookie(name: string): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${name}=; path=/; max-age=0; SameSite=Lax`;
}
