import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Every module a file imports (type-only imports included: they are loops for readers too). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/^\s*(?:import|export)[^'";]*?from\s+'([^']+)'/gm)].map((match) => match[1]!);
  return specifiers.flatMap((specifier) => {
    let base: string;
    if (specifier.startsWith('@/')) base = resolve(SRC, specifier.slice(2));
    else if (specifier.startsWith('.')) base = resolve(dirname(file), specifier);
    else return [];
    const found = ['.ts', '.tsx', '.d.ts', '/index.ts'].map((ext) => base + ext).find((candidate) => existsSync(candidate));
    return found ? [found] : [];
  });
}

function reachableFrom(file: string): Set<string> {
  const seen = new Set<string>();
  const stack = [file];
  while (stack.length > 0) {
    for (const next of importsOf(stack.pop()!)) {
      if (!seen.has(next)) {
        seen.add(next);
        stack.push(next);
      }
    }
  }
  return seen;
}

const relative = (files: Set<string>) => [...files].map((file) => file.slice(SRC.length + 1)).sort();

describe('the request layer', () => {
  const request = resolve(SRC, 'lib/request.ts');
  const reached = reachableFrom(request);

  it('reads no app state: global state, access rules and the client are out of its reach', () => {
    expect(relative(reached)).not.toContain('lib/globalState.ts');
    expect(relative(reached)).not.toContain('lib/access.ts');
    expect(relative(reached)).not.toContain('api/client.ts');
  });

  it('is in no import loop', () => {
    expect(reached.has(request)).toBe(false);
  });

  it('is reached by the client, which the screens use', () => {
    expect(relative(reachableFrom(resolve(SRC, 'api/client.ts')))).toContain('lib/request.ts');
  });
});

describe('the UI kit', () => {
  /** Every kit module; layout/ is the app shell (menu, header, session) and may use features. */
  function kitFiles(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = resolve(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'layout' || entry.name === '__tests__' ? [] : kitFiles(path);
      return /\.tsx?$/.test(entry.name) ? [path] : [];
    });
  }

  it('reaches no feature, so every feature may use it', () => {
    const features = resolve(SRC, 'features');
    for (const file of kitFiles(resolve(SRC, 'components'))) {
      const reached = [...reachableFrom(file)].filter((path) => path.startsWith(features));
      expect(reached.map((path) => path.slice(SRC.length + 1)), file.slice(SRC.length + 1)).toEqual([]);
    }
  });
});
