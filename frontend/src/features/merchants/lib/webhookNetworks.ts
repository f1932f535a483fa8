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
  return numberedNetworkLines(text).map(({ text: line }) => line);
}

/** The lines `networkLines` sends, each with its line number in the text (from 1). */
export function numberedNetworkLines(text: string): { line: number; text: string }[] {
  const seen = new Set<string>();
  return text.split(/\r?\n/).flatMap((raw, index) => {
    const line = raw.trim();
    if (!line || seen.has(line)) return [];
    seen.add(line);
    return [{ line: index + 1, text: line }];
  });
}

/** The network `address` starts, `prefix` bits long, as its first address in a block of that size. */
function blockStart(address: number, prefix: number): number {
  const size = 2 ** (32 - prefix);
  return Math.floor(address / size) * size;
}

/** Why a line may not be allowed: not a network, host bits set (with the network meant), or not private. */
export type NetworkProblem = { kind: 'form' } | { kind: 'hostBits'; meant: string } | { kind: 'notPrivate' };

function ipv4Text(address: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(address / 2 ** shift) % 256).join('.');
}

/** What is wrong with `line` (a malformed, host-bits-set or non-private IPv4 network), or null. */
export function networkProblem(line: string): NetworkProblem | null {
  if (line.includes(':')) return /^[0-9a-f:]+\/\d{1,3}$/i.test(line) ? null : { kind: 'form' };
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(line);
  if (!match) return { kind: 'form' };
  const parts = match.slice(1, 5).map(Number);
  const prefix = Number(match[5]);
  if (parts.some((part) => part > 255) || prefix > 32) return { kind: 'form' };
  const address = ipv4(parts);
  const start = blockStart(address, prefix);
  if (start !== address) return { kind: 'hostBits', meant: `${ipv4Text(start)}/${prefix}` };
  return PRIVATE_BLOCKS.some(([block, blockPrefix]) => prefix >= blockPrefix && blockStart(address, blockPrefix) === block) ? null : { kind: 'notPrivate' };
}

/** True when `line` may not be allowed (a malformed or non-private IPv4 network). */
export function privateNetworkProblem(line: string): boolean {
  return networkProblem(line) !== null;
}

/** Each bad line of the text, by its line number as the operator sees it, with what is wrong. */
export function networkProblems(text: string): { line: number; text: string; problem: NetworkProblem }[] {
  return numberedNetworkLines(text).flatMap(({ line, text: network }) => {
    const problem = networkProblem(network);
    return problem ? [{ line, text: network, problem }] : [];
  });
}
