#!/usr/bin/env node
/**
 * No cycle of value imports in src/ (issue 26, docs/architecture.md): a module never needs,
 * while it loads, a module that needs it back. Run by `npm run lint`; exits 1 and prints each
 * loop otherwise.
 *
 * What counts as an arrow: a static `import … from`, `import '…'` or `export … from` of a file
 * of src/ (relative or `@/`). What does not: a type-only import or export (`import type`,
 * `export type`, or braces holding types alone) and a lazy `import()` — neither runs when the
 * module loads, so either may close a loop. Packages are not followed.
 *
 * Parsed with the TypeScript compiler the project already has (tsc); a few seconds, where
 * eslint's import/no-cycle took over a minute of CPU on this tree.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SRC = join(ROOT, 'src');
const EXTENSIONS = ['.ts', '.tsx'];

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return EXTENSIONS.some((ext) => name.endsWith(ext)) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from, specifier) {
  let base;
  if (specifier.startsWith('@/')) base = join(SRC, specifier.slice(2));
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else return null; // a package
  const candidates = [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => join(base, 'index' + ext))];
  return candidates.find((path) => EXTENSIONS.some((ext) => path.endsWith(ext)) && exists(path)) ?? null;
}

function exists(path) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The files of src/ a module imports for their values when it loads. */
function valueImports(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found = [];
  for (const statement of source.statements) {
    let specifier = null;
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const typesOnly =
        clause &&
        (clause.isTypeOnly ||
          (!clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      if (!typesOnly) specifier = statement.moduleSpecifier;
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      const typesOnly =
        statement.isTypeOnly ||
        (statement.exportClause && ts.isNamedExports(statement.exportClause) && statement.exportClause.elements.length > 0 && statement.exportClause.elements.every((element) => element.isTypeOnly));
      if (!typesOnly) specifier = statement.moduleSpecifier;
    }
    if (specifier && ts.isStringLiteral(specifier)) {
      const target = resolveImport(file, specifier.text);
      if (target) found.push(target);
    }
  }
  return found;
}

/** Strongly connected components of more than one file, or of a file importing itself (Tarjan). */
function loops(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const result = [];
  const visit = (start) => {
    // Iterative, so a long chain of imports cannot overflow the call stack.
    const work = [[start, 0]];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, next] = frame;
      const targets = graph.get(node) ?? [];
      if (next < targets.length) {
        frame[1] += 1;
        const target = targets[next];
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) {
          low.set(node, Math.min(low.get(node), index.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1 || targets.includes(node)) result.push(component.sort());
      }
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return result;
}

const graph = new Map(sourceFiles(SRC).map((file) => [file, valueImports(file)]));
const found = loops(graph);
if (found.length) {
  console.error(`import-cycles: ${found.length} loop(s) of value imports (type-only imports and lazy import() may close one; these do not):`);
  for (const component of found) {
    const members = new Set(component);
    console.error(`- ${component.map((file) => relative(ROOT, file)).join(', ')}`);
    for (const file of component) {
      for (const target of graph.get(file)) {
        if (members.has(target)) console.error(`    ${relative(ROOT, file)} -> ${relative(ROOT, target)}`);
      }
    }
  }
  process.exit(1);
}
console.log(`import-cycles: no loop of value imports among ${graph.size} files`);
