#!/usr/bin/env node
// `pnpm check:tarballs`: proves the published packages work where a user gets them, outside this
// repository. Packs @canopy/embed-core, @canopy/embed-react and @canopy/emulator (`pnpm pack`, after
// `pnpm build`), then, once with npm and once with pnpm, creates a scratch project in the system's
// temp folder, installs the three tarballs the documented way (docs/embed-react.md, "From tarballs")
// with react, react-dom, typescript and the @types packages from the registry, and
//   1. type-checks files that use each package's documented API (`tsc --noEmit`, strict, NodeNext);
//   2. starts the emulator from the installed package's command (`canopy-emulator --port 0`);
//   3. renders the sample report in Chromium from three pages built from the installed packages: the
//      script-tag build, the ESM entry (bundled with esbuild) and a React page with PowerBIEmbed,
//      and in the installed emulator's own landing page (its live preview).
// Each page must see the report's `rendered` event. Installs prefer the local caches (one npm cache
// folder shared by runs, pnpm's own store), so a warm machine installs without the network.
// Set KEEP_SCRATCH=1 to keep the scratch projects for a look after a run.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const packages = ['embed-core', 'embed-react', 'emulator'];
// Tools come from the repository's own dependencies (never downloaded here).
const fromRepo = createRequire(join(root, 'packages/embed-core/package.json'));
const { build } = fromRepo('esbuild');
const { chromium } = createRequire(join(root, 'package.json'))('playwright-core');

/** The versions this repository tests against, so the scratch project matches CI's other tiers. */
function versionOf(name, workspace) {
  const pkg = JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8'));
  const version = pkg.dependencies?.[name] ?? pkg.devDependencies?.[name];
  if (!version) throw new Error(`${workspace}/package.json does not name ${name}`);
  return `${name}@${version}`;
}
const registryPackages = [
  versionOf('react', 'packages/embed-react'),
  versionOf('react-dom', 'packages/embed-react'),
  versionOf('@types/react', 'packages/embed-react'),
  versionOf('@types/react-dom', 'packages/embed-react'),
  versionOf('typescript', '.'),
  versionOf('@types/node', '.'),
];

class StepError extends Error {}

/** Runs one step; on failure, says which step and what the tool printed. */
function run(step, cmd, args, cwd, env = {}) {
  try {
    return execFileSync(cmd, args, {
      cwd,
      env: { ...process.env, ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const output = `${error.stdout ?? ''}${error.stderr ?? ''}`.trim();
    throw new StepError(`${step} failed: ${cmd} ${args.join(' ')}\n${output}`);
  }
}

function packAll(out) {
  const tarballs = {};
  for (const name of packages) {
    const dir = join(root, 'packages', name);
    const dist = join(dir, 'dist');
    try {
      readdirSync(dist);
    } catch {
      throw new StepError(`packages/${name}/dist is missing: run \`pnpm build\` first`);
    }
    const before = new Set(readdirSync(out));
    run(`pack @canopy/${name}`, 'pnpm', ['pack', '--pack-destination', out], dir);
    const file = readdirSync(out).find((f) => f.endsWith('.tgz') && !before.has(f));
    if (!file) throw new StepError(`pack @canopy/${name} wrote no tarball`);
    tarballs[name] = join(out, file);
  }
  return tarballs;
}

/** The scratch project's files: what a fresh app writes, using only the packages' public API. */
function writeProject(dir, manager, tarballs) {
  const pkg = {
    name: `canopy-tarball-check-${manager}`,
    private: true,
    type: 'module',
    ...(manager === 'pnpm'
      ? {
          // corepack runs the same pnpm as the repository; the override is the documented pnpm route:
          // pnpm resolves embed-react's own dependency on embed-core from the registry otherwise.
          packageManager: rootPackage.packageManager,
          pnpm: { overrides: { '@canopy/embed-core': `file:${tarballs['embed-core']}` } },
        }
      : {}),
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        target: 'es2022',
        module: 'nodenext',
        moduleResolution: 'nodenext',
        jsx: 'react-jsx',
        lib: ['es2022', 'dom', 'dom.iterable'],
        types: ['node'],
        noEmit: true,
        verbatimModuleSyntax: true,
      },
      include: ['src'],
    }),
  );
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'src/core-page.ts'), corePage);
  writeFileSync(join(dir, 'src/react-page.tsx'), reactPage);
  writeFileSync(join(dir, 'src/emulator-tests.ts'), emulatorUse);
  writeFileSync(join(dir, 'src/globals.d.ts'), pageGlobals);
}

const pageGlobals = `export interface EmbedInfo {
  id: string;
  embedUrl: string;
  accessToken: string;
}
declare global {
  interface Window {
    embedInfo: EmbedInfo;
    /** What the page saw: 'rendered', or the first error. */
    outcome?: string;
  }
}
`;

// The getting-started ESM snippet, reporting the outcome to the test.
const corePage = `import { factories, models, service, type Report } from '@canopy/embed-core';
import type {} from './globals.d.ts';

const info = window.embedInfo;
const powerbi = new service.Service(
  factories.hpmFactory,
  factories.wpmpFactory,
  factories.routerFactory,
  { trustedOrigins: [new URL(info.embedUrl).origin] },
);
const report = powerbi.embed(document.getElementById('report-container') as HTMLElement, {
  type: 'report',
  id: info.id,
  embedUrl: info.embedUrl,
  accessToken: info.accessToken,
  tokenType: models.TokenType.Embed,
}) as Report;
report.on('rendered', () => void (window.outcome ??= 'rendered'));
report.on('error', (event) => void (window.outcome ??= 'error: ' + JSON.stringify(event.detail)));
`;

// The React guide's pieces: a Service with trustedOrigins from EmbedServiceProvider, PowerBIEmbed.
const reactPage = `import { factories, models, service } from '@canopy/embed-core';
import { EmbedServiceProvider, PowerBIEmbed, type EventHandler } from '@canopy/embed-react';
import { createRoot } from 'react-dom/client';
import type {} from './globals.d.ts';

const info = window.embedInfo;
const embedService = new service.Service(
  factories.hpmFactory,
  factories.wpmpFactory,
  factories.routerFactory,
  { trustedOrigins: [new URL(info.embedUrl).origin] },
);

function App() {
  return (
    <PowerBIEmbed
      embedConfig={{
        type: 'report',
        id: info.id,
        embedUrl: info.embedUrl,
        accessToken: info.accessToken,
        tokenType: models.TokenType.Embed,
      }}
      cssClassName="report"
      eventHandlers={
        new Map<string, EventHandler>([
          ['rendered', () => void (window.outcome ??= 'rendered')],
          ['error', (event) => void (window.outcome ??= 'error: ' + JSON.stringify(event?.detail))],
        ])
      }
    />
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <EmbedServiceProvider service={embedService}>
    <App />
  </EmbedServiceProvider>,
);
`;

// The emulator guide's "Use it in tests": type-checked only (the command is what runs here).
const emulatorUse = `import { startEmulator, type RunningEmulator } from '@canopy/emulator';

export async function withEmulator(test: (emulator: RunningEmulator) => Promise<void>) {
  const emulator = await startEmulator({ rows: 1000 });
  try {
    const { token } = emulator.mintToken({ reports: [emulator.sample.salesReportId] });
    const trusted: string[] = [emulator.origin];
    console.log(token.length, trusted, emulator.sampleEmbedUrl);
    await test(emulator);
  } finally {
    await emulator.close();
  }
}
`;

/** npm with a cache shared by runs; pnpm through corepack with its own (global) store. */
function install(manager, dir, tarballs) {
  const npmCache = join(process.env.CANOPY_NPM_CACHE ?? join(homedir(), '.npm'));
  const ours = [tarballs['embed-core'], tarballs['embed-react'], tarballs.emulator];
  if (manager === 'npm') {
    run(
      'npm install',
      'npm',
      [
        'install',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        '--cache',
        npmCache,
        ...ours,
        ...registryPackages,
      ],
      dir,
    );
  } else {
    run('pnpm add', 'pnpm', ['add', '--prefer-offline', ...ours, ...registryPackages], dir, {
      // The scratch project is not in a workspace; keep pnpm from looking above it for one.
      npm_config_workspace_dir: dir,
    });
  }
}

/** Starts the installed command; resolves with its URL once the banner is printed. */
function startEmulatorCommand(manager, dir) {
  const [cmd, args] =
    manager === 'npm'
      ? ['npx', ['--no-install', 'canopy-emulator']]
      : ['pnpm', ['exec', 'canopy-emulator']];
  const child = spawn(cmd, [...args, '--port', '0', '--rows', '1000'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: npx does not pass SIGTERM on to the node process it starts.
    detached: true,
  });
  let output = '';
  const url = new Promise((resolveUrl, reject) => {
    const onData = (chunk) => {
      output += chunk;
      const match = /emulator on (http:\/\/\S+)/.exec(output);
      if (match) resolveUrl(match[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) =>
      reject(new StepError(`canopy-emulator exited (${code}) before printing its URL:\n${output}`)),
    );
  });
  const exited = new Promise((resolveExit) => child.on('exit', resolveExit));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGTERM');
    await exited;
  };
  return { url, stop };
}

/** What a host's server does (getting-started step 3): app token, report, GenerateToken. */
async function embedInfo(emulatorUrl) {
  const info = await (await fetch(`${emulatorUrl}/_emulator/info`)).json();
  const client = info.oauth.clients[0];
  const tokenResponse = await fetch(info.oauth.tokenUrl, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: client.clientId,
      client_secret: client.clientSecret,
      scope: info.oauth.scope,
    }),
  });
  const app = await tokenResponse.json();
  if (!app.access_token) throw new StepError(`no app token: ${JSON.stringify(app)}`);
  const report = info.sample.reports.find((r) => r.reportType === 'PowerBIReport');
  const headers = {
    authorization: `Bearer ${app.access_token}`,
    'content-type': 'application/json',
  };
  const base = `${info.rest.baseUrl}/groups/${info.sample.workspaceId}/reports/${report.id}`;
  const details = await (await fetch(base, { headers })).json();
  const token = await (
    await fetch(`${base}/GenerateToken`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ accessLevel: 'View' }),
    })
  ).json();
  if (!token.token) throw new StepError(`GenerateToken failed: ${JSON.stringify(token)}`);
  return { id: report.id, embedUrl: details.embedUrl, accessToken: token.token };
}

/** The three pages, from the installed packages only (esbuild resolves from the scratch project). */
async function buildPages(dir, info) {
  const bundle = async (entry) => {
    const result = await build({
      entryPoints: [join(dir, 'src', entry)],
      absWorkingDir: dir,
      bundle: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      logLevel: 'silent',
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
    });
    return result.outputFiles[0].text;
  };
  const page = (body) =>
    `<!doctype html><html><head><meta charset="utf-8"><title>check</title></head><body>` +
    `<script>window.embedInfo = ${JSON.stringify(info).replace(/</g, '\\u003c')};</script>${body}</body></html>`;
  const container = '<div id="report-container" style="height: 600px"></div>';
  const scriptTag = readFileSync(
    join(dir, 'node_modules/@canopy/embed-core/dist/powerbi.min.js'),
    'utf8',
  );
  // The getting-started step 4 page: the script-tag build, window['powerbi-client'].
  const scriptTagPage = `<script>
    const { factories, models, service } = window['powerbi-client'];
    const info = window.embedInfo;
    const powerbi = new service.Service(factories.hpmFactory, factories.wpmpFactory,
      factories.routerFactory, { trustedOrigins: [new URL(info.embedUrl).origin] });
    const report = powerbi.embed(document.getElementById('report-container'), {
      type: 'report', id: info.id, embedUrl: info.embedUrl, accessToken: info.accessToken,
      tokenType: models.TokenType.Embed });
    report.on('rendered', () => { window.outcome ??= 'rendered'; });
    report.on('error', (e) => { window.outcome ??= 'error: ' + JSON.stringify(e.detail); });
  </script>`;
  return {
    '/script-tag.html': page(`${container}<script src="/powerbi.min.js"></script>${scriptTagPage}`),
    '/powerbi.min.js': scriptTag,
    '/esm.html': page(`${container}<script type="module" src="/esm.js"></script>`),
    '/esm.js': await bundle('core-page.ts'),
    '/react.html': page(
      `<style>.report { height: 600px }</style><div id="root"></div><script type="module" src="/react.js"></script>`,
    ),
    '/react.js': await bundle('react-page.tsx'),
  };
}

function serve(files) {
  const server = createServer((request, response) => {
    const body = files[request.url ?? ''];
    if (body === undefined) {
      response.statusCode = 404;
      response.end();
      return;
    }
    response.setHeader(
      'content-type',
      request.url.endsWith('.js') ? 'text/javascript' : 'text/html',
    );
    response.end(body);
  });
  // 127.0.0.1 while the emulator answers on localhost: the host page and the frames are on
  // different origins, as in production.
  return new Promise((resolveServer) =>
    server.listen(0, '127.0.0.1', () =>
      resolveServer({
        url: `http://127.0.0.1:${server.address().port}`,
        close: () => server.close(),
      }),
    ),
  );
}

async function renderInChromium(browser, host, path) {
  const page = await browser.newPage();
  const log = [];
  page.on('console', (message) => log.push(`console.${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => log.push(`page error: ${error.message}`));
  try {
    await page.goto(`${host}${path}`);
    const outcome = await page
      .waitForFunction(() => globalThis.outcome, undefined, { timeout: 60_000 })
      .then((handle) => handle.jsonValue())
      .catch(() => 'no rendered event within 60 s');
    if (outcome !== 'rendered') {
      throw new StepError(`${path}: ${outcome}\n${log.join('\n')}`);
    }
  } finally {
    await page.close();
  }
}

/** The installed emulator's landing page embeds the sample report itself (dist/preview.js). */
async function landingPreview(browser, emulatorUrl) {
  const page = await browser.newPage();
  try {
    await page.goto(`${emulatorUrl}/`);
    const rendered = await page
      .waitForSelector('#preview[data-state="rendered"]', { timeout: 60_000 })
      .then(() => true)
      .catch(() => false);
    if (!rendered) {
      const status = await page.textContent('#preview-status').catch(() => null);
      throw new StepError(`the landing page's live preview did not render: ${status}`);
    }
  } finally {
    await page.close();
  }
}

async function checkWith(manager, tarballs, browser, scratch) {
  const dir = mkdtempSync(join(scratch, `${manager}-`));
  const say = (text) => console.log(`[${manager}] ${text}`);
  writeProject(dir, manager, tarballs);
  say(`install into ${dir}`);
  install(manager, dir, tarballs);
  say('tsc --noEmit (strict, NodeNext): embed-core, embed-react, emulator');
  run(
    'type-check',
    manager === 'npm' ? 'npx' : 'pnpm',
    manager === 'npm' ? ['--no-install', 'tsc', '-p', '.'] : ['exec', 'tsc', '-p', '.'],
    dir,
  );
  say('start canopy-emulator --port 0');
  const emulator = startEmulatorCommand(manager, dir);
  let host;
  try {
    const url = await emulator.url;
    say(`emulator on ${url}`);
    const info = await embedInfo(url);
    host = await serve(await buildPages(dir, info));
    for (const path of ['/script-tag.html', '/esm.html', '/react.html']) {
      await renderInChromium(browser, host.url, path);
      say(`${path}: rendered`);
    }
    await landingPreview(browser, url);
    say("the emulator's landing page: live preview rendered");
  } finally {
    host?.close();
    await emulator.stop();
  }
}

async function main() {
  const scratch = mkdtempSync(join(tmpdir(), 'canopy-tarball-check-'));
  let browser;
  let failed = false;
  try {
    const tarballs = packAll(mkdtempSync(join(scratch, 'tarballs-')));
    console.log(`packed: ${Object.values(tarballs).join(', ')}`);
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    for (const manager of ['npm', 'pnpm']) await checkWith(manager, tarballs, browser, scratch);
    console.log('\nThe tarballs install, type-check and render with npm and with pnpm.');
  } catch (error) {
    failed = true;
    console.error(
      `\ncheck-tarball-install: ${error instanceof StepError ? error.message : error.stack}`,
    );
  } finally {
    await browser?.close();
    if (process.env.KEEP_SCRATCH) console.log(`scratch kept: ${scratch}`);
    else rmSync(scratch, { recursive: true, force: true });
  }
  if (failed) process.exit(1);
}

await main();
