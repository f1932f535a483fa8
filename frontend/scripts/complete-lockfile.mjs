// The npm registry reachable from this project's machines serves only the Linux builds of
// packages that ship per-platform binaries, so `npm install` writes a package-lock.json without
// the other platforms' optional packages, and `npm ci` then refuses the lock as out of sync.
// This adds those optional entries back with the os/cpu/libc their names declare, so `npm ci`
// accepts the lock and skips them on Linux. Run it after every `npm install`:
//   npm install && node scripts/complete-lockfile.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const lockPath = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'package-lock.json');
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

const OS = ['darwin', 'win32', 'linux', 'freebsd', 'openbsd', 'netbsd', 'android', 'openharmony', 'sunos', 'aix'];
const CPU = ['x64', 'arm64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el', 'wasm32'];

function platformOf(name) {
  const tokens = name.replace(/^@[^/]+\//, '').split(/[-_.]/);
  const has = (token) => tokens.includes(token);
  const platform = {};
  const os = OS.filter(has);
  const cpu = CPU.filter(has).concat(has('x86_64') ? ['x64'] : [], has('aarch64') ? ['arm64'] : []);
  if (os.length) platform.os = os;
  if (cpu.length) platform.cpu = cpu;
  if (has('musl') || has('musleabihf')) platform.libc = ['musl'];
  else if (os.includes('linux') && (has('gnu') || has('gnueabihf'))) platform.libc = ['glibc'];
  if (has('wasi') || has('wasm32')) platform.cpu = ['wasm32'];
  if (has('arm') || has('gnueabihf') || has('musleabihf') || has('eabi')) platform.cpu = platform.cpu ?? ['arm'];
  return platform;
}

/** Where Node would find `dep` from the package at `from` (a lock key), or null. */
function resolve(from, dep) {
  let base = from;
  for (;;) {
    const candidate = base ? `${base}/node_modules/${dep}` : `node_modules/${dep}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
    const index = base.lastIndexOf('/node_modules/');
    base = index === -1 ? '' : base.slice(0, index);
  }
}

let added = 0;
for (const [key, entry] of Object.entries(packages)) {
  for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolve(key, dep)) continue;
    const platform = platformOf(dep);
    if (!platform.os && !platform.cpu) continue; // not a per-platform binary: leave it to npm
    const target = packages[`node_modules/${dep}`] ? `${key}/node_modules/${dep}` : `node_modules/${dep}`;
    packages[target] = { version: String(range).replace(/^[\^~=]/, ''), optional: true, ...platform };
    added += 1;
  }
}

const sorted = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
lock.packages = sorted;
fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} optional platform entries`);
