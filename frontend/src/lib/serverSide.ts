import { headers } from 'next/headers';
import { platformTypeFromHost, type PlatformType } from './platform';

/** The side of the current request, from the Host header (spec 1). */
export async function requestPlatformType(): Promise<PlatformType> {
  const requestHeaders = await headers();
  return platformTypeFromHost(requestHeaders.get('host') ?? '');
}

/** Browser-test fixture pages are served only when the server runs with E2E_FIXTURES=1. */
export function fixturesEnabled(): boolean {
  return process.env.E2E_FIXTURES === '1';
}
