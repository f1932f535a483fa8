import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchRoute } from '../routes';

const SRC = join(__dirname, '..', '..');

function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === '__tests__' || name === 'api' ? [] : sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/**
 * The path of every in-app link written in the sources (`href="/x"`, `` href={`/x/${id}`} ``,
 * `router.push('/x')`): up to its query, with each interpolation as one segment's value.
 */
function linkedPaths(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/(?:href=|push\(|replace\()\{?\s*(['"`])(\/[^'"`]*)\1/g)) {
    const path = (match[2] ?? '').replace(/\$\{[^}]*\}/g, 'x').split(/[?#]/)[0] ?? '';
    if (path.startsWith('/api/') || path.startsWith('//')) continue;
    found.push(path);
  }
  return found;
}

describe('in-app links', () => {
  it('each land on a screen of the route registry (a wrong shape such as /orderInfo?id= lands nowhere)', () => {
    const wrong: string[] = [];
    let links = 0;
    for (const file of sources(SRC)) {
      for (const path of linkedPaths(readFileSync(file, 'utf8'))) {
        links += 1;
        if (path !== '/' && !matchRoute(path)) wrong.push(`${relative(SRC, file)}: ${path}`);
      }
    }
    expect(links).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
  });
});
