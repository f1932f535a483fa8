/**
 * The networks an operator may allow a merchant's webhooks to reach, checked as the server
 * checks them (zulin/webhooks/addresses.py grant_problem): CIDR form, host bits clear, inside a
 * private-use block. IPv4 is checked here; an IPv6 network is left to the server's answer.
 */
export const NETWORKS_MAX = 16;

/** An IPv4 address's four parts as one number. */
function ipv4(parts: number[]): number {
  return parts.reduce((value, part) => value * 256 + part, 0);
}

const PRIVATE_BLOCKS: [number, number][] = [
  [ipv4([10, 0, 0, 0]), 8],
  [ipv4([172, 16, 0, 0]), 12],
  [ipv4([192, 168, 0, 0]), 16],
  [ipv4([100, 64, 0, 0]), 10],
];

/** The non-empty lines of the text, trimmed, each once. */
export function networkLines(text: string): string[] {
  return [...new Set(text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean))];
}

/** The network `address` starts, `prefix` bits long, as its first address in a block of that size. */
function blockStart(address: number, prefix: number): number {
  const size = 2 ** (32 - prefix);
  return Math.floor(address / size) * size;
}

/** True when `line` may not be allowed (a malformed or non-private IPv4 network). */
export function privateNetworkProblem(line: string): boolean {
  if (line.includes(':')) return !/^[0-9a-f:]+\/\d{1,3}$/i.test(line);
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(line);
  if (!match) return true;
  const parts = match.slice(1, 5).map(Number);
  const prefix = Number(match[5]);
  if (parts.some((part) => part > 255) || prefix > 32) return true;
  const address = ipv4(parts);
  if (blockStart(address, prefix) !== address) return true; // host bits set
  return !PRIVATE_BLOCKS.some(([block, blockPrefix]) => prefix >= blockPrefix && blockStart(address, blockPrefix) === block);
}
