#!/usr/bin/env node
// `pnpm dev`: starts what the workspaces provide (every workspace with a `dev` script) and prints the
// URLs to open. It grows with each capability: emulator, server, portal, examples.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const roots = ['packages', 'examples'].filter((d) => existsSync(d));
const workspaces = roots
  .flatMap((root) => readdirSync(root).map((name) => join(root, name)))
  .concat(['server', 'portal'].filter((d) => existsSync(d)))
  .filter((dir) => existsSync(join(dir, 'package.json')))
  .map((dir) => ({ dir, pkg: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }))
  .filter(({ pkg }) => pkg.scripts?.dev);

if (workspaces.length === 0) {
  console.log('No workspace provides a dev server yet. Run `pnpm test` to run the test suites.');
  process.exit(0);
}

console.log('Starting:');
for (const { pkg } of workspaces) {
  console.log(
    `  ${pkg.name.padEnd(28)} ${pkg.canopy?.devUrl ?? ''}  ${pkg.canopy?.devDescription ?? ''}`,
  );
}
// The examples use the emulator started here (through its HTTP API) instead of each starting its own.
const emulator = workspaces.find(({ pkg }) => pkg.name === '@canopy/emulator');
const emulatorUrl = emulator && (emulator.pkg.canopy?.devUrl ?? 'http://localhost:5300');
// The portal's development sign-in: the server creates this super administrator on a first start
// (an existing one is kept). Override with CANOPY_ADMIN_EMAIL / CANOPY_ADMIN_PASSWORD.
const devAdmin = {
  CANOPY_ADMIN_EMAIL: process.env.CANOPY_ADMIN_EMAIL ?? 'admin@canopy.local',
  CANOPY_ADMIN_PASSWORD: process.env.CANOPY_ADMIN_PASSWORD ?? 'Canopy-dev-1',
  // On a first start: "Demo Company" with an Admin and a Viewer (same password), to try reports and chat.
  CANOPY_DEV_SEED: process.env.CANOPY_DEV_SEED ?? 'true',
};
// Without a configured cloud the server starts its own emulator (default :5300, where the standalone
// one for the examples already listens): give it the next port.
const serverEmulator =
  emulator && !process.env.CANOPY_ANALYTICS_API_URL
    ? { CANOPY_EMULATOR_PORT: process.env.CANOPY_EMULATOR_PORT ?? '5301' }
    : {};
const portal = workspaces.some(({ dir }) => dir === 'portal');
// The server as people read it: one line per request instead of pino's JSON, and mailed links
// (invitations, resets, OAuth redirects) on the portal's dev server, which proxies /api to the
// server; the server's own port serves no portal until it is built.
const serverDev = {
  CANOPY_LOG_FORMAT: process.env.CANOPY_LOG_FORMAT ?? 'pretty',
  ...(portal
    ? { CANOPY_PUBLIC_URL: process.env.CANOPY_PUBLIC_URL ?? 'http://localhost:5173' }
    : {}),
};
if (portal) {
  console.log(
    `\nPortal: open http://localhost:5173 and sign in as ${devAdmin.CANOPY_ADMIN_EMAIL} / ${devAdmin.CANOPY_ADMIN_PASSWORD}` +
      (devAdmin.CANOPY_DEV_SEED === 'true'
        ? `\n        Demo Company (made on a first start): ann.admin@demo.local and vic.viewer@demo.local, same password\n`
        : '\n'),
  );
}
const children = workspaces.map(({ dir, pkg }) => {
  const env =
    emulatorUrl && dir.startsWith('examples')
      ? { ...process.env, CANOPY_EMULATOR_URL: emulatorUrl }
      : dir === 'server'
        ? { ...process.env, ...devAdmin, ...serverEmulator, ...serverDev }
        : process.env;
  const child = spawn('pnpm', ['run', 'dev'], {
    cwd: dir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `[${pkg.name.replace('@canopy/', '')}] `;
  const pipe = (stream, out) =>
    stream.on('data', (chunk) => {
      for (const line of chunk.toString().split('\n'))
        if (line.trim()) out.write(prefix + line + '\n');
    });
  pipe(child.stdout, process.stdout);
  pipe(child.stderr, process.stderr);
  return child;
});
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
