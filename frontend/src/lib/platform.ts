/** Platform types as the backend numbers them (spec 3 and 6). */
export const PLATFORM_ADMIN = 0;
export const PLATFORM_STORE = 1;
export type PlatformType = typeof PLATFORM_ADMIN | typeof PLATFORM_STORE;

export const DEFAULT_ADMIN_HOST_PREFIX = 'admin';

export function adminHostPrefix(): string {
  return (process.env.NEXT_PUBLIC_ADMIN_HOST_PREFIX || DEFAULT_ADMIN_HOST_PREFIX).toLowerCase();
}

/** Strips the port from a Host header value ("demo.localhost:3000", "[::1]:3000"). */
export function hostnameOf(host: string): string {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith('[')) return trimmed.slice(0, trimmed.indexOf(']') + 1);
  return trimmed.split(':')[0] ?? '';
}

/** The side is chosen by the first label of the host: the admin prefix gives the platform side. */
export function platformTypeFromHost(host: string, prefix: string = adminHostPrefix()): PlatformType {
  const firstLabel = hostnameOf(host).split('.')[0];
  return firstLabel === prefix.toLowerCase() ? PLATFORM_ADMIN : PLATFORM_STORE;
}

export function currentPlatformType(): PlatformType {
  if (typeof window === 'undefined') return PLATFORM_STORE;
  return platformTypeFromHost(window.location.host);
}
