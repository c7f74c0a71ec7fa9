#!/usr/bin/env node
// `pnpm check:packages`: packs every public package and checks the tarball with publint (exports map,
// files, side effects) and @arethetypeswrong/cli (types resolve for ESM, CJS and bundlers).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, stdio: 'inherit' });
const packages = readdirSync('packages')
  .map((name) => resolve('packages', name))
  .filter((dir) => existsSync(join(dir, 'package.json')))
  .map((dir) => ({ dir, pkg: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }))
  .filter(({ pkg }) => !pkg.private);

let failed = 0;
for (const { dir, pkg } of packages) {
  const out = mkdtempSync(join(tmpdir(), 'canopy-pack-'));
  try {
    console.log(`\n== ${pkg.name}`);
    run('pnpm', ['pack', '--pack-destination', out], dir);
    const tarball = join(
      out,
      readdirSync(out).find((f) => f.endsWith('.tgz')),
    );
    run('pnpm', ['exec', 'publint', '--strict', tarball], dir);
    // Packages without CJS output are checked with the ESM-only profile.
    const profile = pkg.exports?.['.']?.require ? [] : ['--profile', 'esm-only'];
    run('pnpm', ['exec', 'attw', tarball, ...profile], dir);
  } catch {
    failed++;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
if (failed) {
  console.error(`\n${failed} package(s) failed the checks.`);
  process.exit(1);
}
console.log(`\nAll ${packages.length} public package(s) passed publint and attw.`);
