import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

/**
 * The module folders import one way: no module reaches, through any chain of imports, back into
 * itself. ESLint's import-x/no-cycle sees only file-to-file circles, and two modules can form a
 * circle without any file doing so (a.ts → other/b.ts, other/c.ts → d.ts), so this walks the
 * folders. Type-only imports count: they tie the folders together just the same.
 */
const modulesDir = join(dirname(fileURLToPath(import.meta.url)), '../../src/modules');

const relativeImport = /(?:\bfrom|\bimport)\s*\(?\s*'(\.{1,2}\/[^']+)'/g;

function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const name of readdirSync(modulesDir)) graph.set(name, new Set());
  for (const entry of readdirSync(modulesDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const file = join(entry.parentPath, entry.name);
    const from = relative(modulesDir, file).split(sep)[0] ?? '';
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(relativeImport)) {
      const to = relative(modulesDir, join(dirname(file), specifier ?? '')).split(sep)[0] ?? '';
      if (to !== from && graph.has(to)) graph.get(from)?.add(to);
    }
  }
  return graph;
}

/** The first circle found, as the path that closes it (['a', 'b', 'a']), or null. */
function findCircle(graph: Map<string, Set<string>>): string[] | null {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    const open = path.indexOf(node);
    if (open >= 0) return [...path.slice(open), node];
    if (done.has(node)) return null;
    path.push(node);
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      const circle = visit(next);
      if (circle) return circle;
    }
    path.pop();
    done.add(node);
    return null;
  };
  for (const node of [...graph.keys()].sort()) {
    const circle = visit(node);
    if (circle) return circle;
  }
  return null;
}

it('finds a circle between folders when there is one', () => {
  const graph = new Map([
    ['a', new Set(['b'])],
    ['b', new Set(['c'])],
    ['c', new Set(['a'])],
    ['d', new Set(['a'])],
  ]);
  expect(findCircle(graph)).toEqual(['a', 'b', 'c', 'a']);
  graph.set('c', new Set());
  expect(findCircle(graph)).toBeNull();
});

it('reads the imports between module folders', () => {
  // A known edge, so an unreadable tree cannot pass as an acyclic one.
  expect(moduleGraph().get('tenants')?.has('users')).toBe(true);
});

it('keeps the module folders free of circles', () => {
  expect(findCircle(moduleGraph())).toBeNull();
});
