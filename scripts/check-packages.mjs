#!/usr/bin/env node
// `pnpm check:packages`: packs every public package and checks the tarball: what a person who
// installs it from the registry needs (README, LICENSE, where the source, docs and issue tracker
// are, keywords), then publint (exports map, files, side effects) and @arethetypeswrong/cli (types
// resolve for ESM, CJS and bundlers). It first proves that the metadata check fails on scratch
// packages that each lack one of those items (`--no-self-test` skips that). Arguments name package
// folders to check instead of all of packages/*.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

const run = (cmd, args, cwd, quiet = false) =>
  execFileSync(cmd, args, { cwd, stdio: quiet ? 'pipe' : 'inherit' });

/** Packs `dir` into a fresh folder; returns the tarball and its unpacked `package/` folder. */
function pack(dir, quiet = false) {
  const out = mkdtempSync(join(tmpdir(), 'canopy-pack-'));
  run('pnpm', ['pack', '--pack-destination', out], dir, quiet);
  const tarball = join(
    out,
    readdirSync(out).find((f) => f.endsWith('.tgz')),
  );
  run('tar', ['-xzf', tarball, '-C', out], out, true);
  return { out, tarball, unpacked: join(out, 'package') };
}

const nonEmptyString = (value) => typeof value === 'string' && value.trim() !== '';
const urlOf = (value) => (typeof value === 'string' ? value : value?.url);

/**
 * What the packed package lacks for someone installing it outside this repository. `directory` is
 * the package's folder relative to the repository root: `repository.directory` must name it, or
 * links in the README (relative, resolved by the registry through that field) break.
 */
export function missingMetadata(unpacked, directory) {
  const problems = [];
  for (const file of ['README.md', 'LICENSE']) {
    if (!existsSync(join(unpacked, file))) problems.push(`${file} is not in the tarball`);
  }
  const pkg = JSON.parse(readFileSync(join(unpacked, 'package.json'), 'utf8'));
  if (!nonEmptyString(pkg.license)) problems.push('`license` is missing');
  if (!nonEmptyString(urlOf(pkg.repository))) problems.push('`repository` is missing');
  else if (pkg.repository.directory !== directory) {
    problems.push(`\`repository.directory\` must be "${directory}"`);
  }
  if (!nonEmptyString(pkg.homepage)) problems.push('`homepage` is missing');
  if (!nonEmptyString(urlOf(pkg.bugs))) problems.push('`bugs` is missing');
  if (!Array.isArray(pkg.keywords) || !pkg.keywords.some(nonEmptyString)) {
    problems.push('`keywords` is missing or empty');
  }
  return problems;
}

/** Scratch packages, each lacking one item, must fail; the complete one must pass. */
function selfTest() {
  const root = mkdtempSync(join(tmpdir(), 'canopy-check-self-'));
  const complete = {
    name: '@canopy/self-test',
    version: '1.0.0',
    license: 'MIT',
    keywords: ['test'],
    homepage: 'https://example.com/docs',
    repository: { type: 'git', url: 'git+https://example.com/r.git', directory: 'packages/x' },
    bugs: { url: 'https://example.com/issues' },
    files: ['index.js', 'README.md', 'LICENSE'],
    // Outside the workspace corepack picks pnpm from this field; same pinned version as the root.
    packageManager: JSON.parse(readFileSync('package.json', 'utf8')).packageManager,
  };
  const variants = [
    ['complete', (p) => p, []],
    ['no README', (p) => p, ['README.md'], 'README.md is not in the tarball'],
    ['no LICENSE', (p) => p, ['LICENSE'], 'LICENSE is not in the tarball'],
    ['no repository', ({ repository: _, ...p }) => p, [], '`repository` is missing'],
    [
      'no repository.directory',
      (p) => ({ ...p, repository: { type: 'git', url: p.repository.url } }),
      [],
      '`repository.directory` must be "packages/x"',
    ],
    ['no homepage', ({ homepage: _, ...p }) => p, [], '`homepage` is missing'],
    ['no bugs', ({ bugs: _, ...p }) => p, [], '`bugs` is missing'],
    ['empty keywords', (p) => ({ ...p, keywords: [] }), [], '`keywords` is missing or empty'],
  ];
  let wrong = 0;
  try {
    for (const [label, edit, absent, expected] of variants) {
      const dir = join(root, label.replace(/\W+/g, '-'));
      mkdirSync(dir);
      writeFileSync(join(dir, 'package.json'), JSON.stringify(edit(structuredClone(complete))));
      writeFileSync(join(dir, 'index.js'), 'export {};\n');
      for (const file of ['README.md', 'LICENSE']) {
        if (!absent.includes(file)) writeFileSync(join(dir, file), `${file}\n`);
      }
      const packed = pack(dir, true);
      const problems = missingMetadata(packed.unpacked, 'packages/x');
      rmSync(packed.out, { recursive: true, force: true });
      const ok = expected === undefined ? problems.length === 0 : problems.includes(expected);
      console.log(
        `${ok ? 'ok  ' : 'FAIL'} self-test, ${label}: ${problems.join('; ') || 'passes'}`,
      );
      if (!ok) wrong++;
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return wrong;
}

function main() {
  if (!process.argv.includes('--no-self-test') && selfTest() > 0) {
    console.error('\nThe metadata check does not catch what it should.');
    process.exit(1);
  }
  const repoRoot = process.cwd();
  let failed = 0;
  if (!existsSync(join(repoRoot, 'LICENSE'))) {
    console.error('There is no LICENSE file at the repository root.');
    failed++;
  }
  const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  const packages = (
    only.length ? only : readdirSync('packages').map((name) => join('packages', name))
  )
    .map((dir) => resolve(dir))
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .map((dir) => ({ dir, pkg: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }))
    .filter(({ pkg }) => !pkg.private);

  for (const { dir, pkg } of packages) {
    let packed;
    try {
      console.log(`\n== ${pkg.name}`);
      packed = pack(dir);
      const problems = missingMetadata(packed.unpacked, relative(repoRoot, dir));
      for (const problem of problems) console.error(`${pkg.name}: ${problem}`);
      if (problems.length) failed++;
      run('pnpm', ['exec', 'publint', '--strict', packed.tarball], dir);
      // Packages without CJS output are checked with the ESM-only profile.
      const profile = pkg.exports?.['.']?.require ? [] : ['--profile', 'esm-only'];
      run('pnpm', ['exec', 'attw', packed.tarball, ...profile], dir);
    } catch {
      failed++;
    } finally {
      if (packed) rmSync(packed.out, { recursive: true, force: true });
    }
  }
  if (failed) {
    console.error(`\n${failed} check(s) failed.`);
    process.exit(1);
  }
  console.log(
    `\nAll ${packages.length} public package(s) passed the metadata checks, publint and attw.`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) main();
