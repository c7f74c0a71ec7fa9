import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * What installing the published package pulls in: its `dependencies`, as this repository resolved
 * them, and theirs. A user who installs the tarball with npm or pnpm on any Node the package
 * supports must see no engine warning and run no install script (CI's tarball check installs it for
 * real; this test names the package at fault without the network).
 */
const packageDir = fileURLToPath(new URL('..', import.meta.url));

interface Manifest {
  name: string;
  version: string;
  engines?: { node?: string };
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const readManifest = (file: string): Manifest => JSON.parse(readFileSync(file, 'utf8'));

/** Node's resolution of `name` from `fromDir`: the nearest node_modules/name upwards. */
function resolveManifest(fromDir: string, name: string): string | undefined {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name, 'package.json');
    if (existsSync(candidate)) return realpathSync(candidate);
    if (dirname(dir) === dir) return undefined;
  }
}

function installedTree(): Manifest[] {
  const seen = new Map<string, Manifest>();
  const visit = (fromDir: string, name: string, optional: boolean) => {
    const file = resolveManifest(fromDir, name);
    if (!file) {
      // Optional dependencies are platform binaries for other machines.
      if (optional) return;
      throw new Error(`${name} is not installed (from ${relative(packageDir, fromDir)})`);
    }
    if (seen.has(file)) return;
    const manifest = readManifest(file);
    seen.set(file, manifest);
    for (const dep of Object.keys(manifest.dependencies ?? {})) visit(dirname(file), dep, false);
    for (const dep of Object.keys(manifest.optionalDependencies ?? {})) {
      visit(dirname(file), dep, true);
    }
  };
  const own = readManifest(join(packageDir, 'package.json'));
  for (const dep of Object.keys(own.dependencies ?? {})) visit(packageDir, dep, false);
  return [...seen.values()];
}

/**
 * Whether a Node version satisfies an `engines.node` range, for the forms packages use here
 * (`>=20`, `>= 10.x`, `>=14.0.0`, `^18 || >=20`). Anything else is reported, to be looked at.
 */
function allows(range: string, version: [number, number, number]): boolean | 'unknown' {
  const parts = range.split('||').map((part) => part.trim());
  let any = false;
  for (const part of parts) {
    const match = /^(>=|\^)\s*(\d+)(?:\.(\d+|x))?(?:\.(\d+|x))?$/.exec(part);
    if (!match) return 'unknown';
    const [, op, major, minor, patch] = match;
    const floor = [Number(major), Number(minor ?? 0) || 0, Number(patch ?? 0) || 0];
    const atLeast =
      version[0] !== floor[0]
        ? version[0] > floor[0]!
        : version[1] !== floor[1]
          ? version[1] > floor[1]!
          : version[2] >= floor[2]!;
    if (atLeast && (op === '>=' || version[0] === floor[0])) any = true;
  }
  return any;
}

describe('the published package’s runtime dependencies', () => {
  const tree = installedTree();
  const own = readManifest(join(packageDir, 'package.json'));
  const lowest = /^>=(\d+)\.(\d+)$/.exec(own.engines?.node ?? '');

  it('support every Node the package supports: the lowest (20.19), and 24', () => {
    expect(lowest).not.toBeNull();
    const versions: [number, number, number][] = [
      [Number(lowest![1]), Number(lowest![2]), 0],
      [24, 0, 0],
    ];
    const problems = tree.flatMap((manifest) => {
      const range = manifest.engines?.node;
      if (range === undefined) return [];
      return versions
        .map((version) => ({ version, ok: allows(range, version) }))
        .filter(({ ok }) => ok !== true)
        .map(
          ({ version, ok }) =>
            `${manifest.name}@${manifest.version} engines.node "${range}" ${ok === 'unknown' ? 'not understood' : `excludes ${version.join('.')}`}`,
        );
    });
    expect(problems).toEqual([]);
    // The tree is real: Fastify and its request injector are in it.
    expect(tree.map((manifest) => manifest.name)).toEqual(
      expect.arrayContaining(['fastify', 'light-my-request', '@duckdb/node-api']),
    );
  });

  it('run no install script', () => {
    const scripted = tree
      .filter((manifest) =>
        ['preinstall', 'install', 'postinstall'].some((hook) => manifest.scripts?.[hook]),
      )
      .map((manifest) => `${manifest.name}@${manifest.version}`);
    expect(scripted).toEqual([]);
  });

  it('are exactly what the Node side imports: browser libraries are bundled into dist', () => {
    // Every bare import of the server-side sources (the frame and the landing preview run in the
    // browser, bundled at build time; esbuild is loaded only when no prebuilt script exists).
    const browserOnly = [join('src', 'frame'), join('src', 'landing', 'preview-main.ts')];
    const imported = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const path = join(dir, entry);
        if (browserOnly.some((prefix) => relative(packageDir, path).startsWith(prefix))) continue;
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith('.ts')) {
          const source = readFileSync(path, 'utf8');
          for (const [, specifier = ''] of source.matchAll(
            /^import [^;]*?from '([^'.][^']*)';/gms,
          )) {
            if (specifier.startsWith('node:')) continue;
            imported.add(
              specifier.startsWith('@')
                ? specifier.split('/').slice(0, 2).join('/')
                : specifier.split('/')[0]!,
            );
          }
        }
      }
    };
    walk(join(packageDir, 'src'));
    // light-my-request is Fastify's, declared only to pin a version that supports Node 20.
    const declared = Object.keys(own.dependencies ?? {}).filter(
      (name) => name !== 'light-my-request',
    );
    expect([...imported].sort()).toEqual(declared.sort());
  });
});
