#!/usr/bin/env node
// `pnpm smoke:deploy`: the production shape of compose.yaml without containers. nginx (Debian's
// package) with the shipped deploy/nginx/canopy.conf (TLS with a certificate made for the run) in
// front of two compiled server instances (node server/dist/server.js) on one real PostgreSQL, an
// S3-compatible store (s3rver) and one shared analytics emulator, all on loopback ports of their
// own. Everything is driven over HTTP, mostly through the proxy; it ends with one line saying what
// passed. Needs: `pnpm build` done, nginx on PATH (or NGINX), openssl, PostgreSQL at
// CANOPY_TEST_PG_URL (default postgres://postgres@127.0.0.1:5432/test, allowed to create databases).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const fromServer = createRequire(join(root, 'server', 'package.json'));
const pg = fromServer('pg');
const S3rver = fromServer('s3rver');

const STEP_LIMIT_MS = 60_000;
const started = Date.now();
const work = mkdtempSync(join(tmpdir(), 'canopy-smoke-'));
const children = [];
const cleanups = [];
const passed = [];

const fail = (text) => {
  throw new Error(text);
};

function findNginx() {
  if (process.env.NGINX) return process.env.NGINX;
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/bin/nginx']) {
    if (existsSync(candidate)) return candidate;
  }
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() : undefined;
}

/** A free loopback port: bound, then released (nginx needs it before it starts). */
async function freePort() {
  const server = createServer();
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address();
  await new Promise((done) => server.close(done));
  return port;
}

/** Polls `check` until it returns a value, at most `limit` ms. */
async function until(what, check, limit = STEP_LIMIT_MS) {
  const deadline = Date.now() + limit;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) fail(`timed out waiting for ${what}`);
    await new Promise((wake) => setTimeout(wake, 100));
  }
}

function launch(name, command, args, env) {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = { text: '' };
  child.stdout.on('data', (chunk) => (log.text += chunk));
  child.stderr.on('data', (chunk) => (log.text += chunk));
  child.exited = new Promise((done) => child.on('close', (code, signal) => done({ code, signal })));
  child.log = log;
  child.label = name;
  children.push(child);
  return child;
}

async function json(response, what) {
  const text = await response.text();
  if (!response.ok) fail(`${what}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

function api(base, token) {
  const call = (method, path, body, headers = {}) =>
    fetch(`${base}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(STEP_LIMIT_MS),
    });
  return {
    token,
    get: (path) => call('GET', path).then((res) => json(res, `GET ${path}`)),
    post: (path, body) => call('POST', path, body).then((res) => json(res, `POST ${path}`)),
    raw: call,
  };
}

async function main() {
  const nginx = findNginx();
  if (!nginx) fail('nginx not found: sudo apt-get install -y nginx (or set NGINX)');
  for (const built of ['server/dist/server.js', 'packages/emulator/dist/cli.js']) {
    if (!existsSync(join(root, built))) fail(`${built} is missing: run pnpm build first`);
  }

  // PostgreSQL: a database of its own, dropped at the end.
  const adminUrl = process.env.CANOPY_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const database = `canopy_smoke_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${database} with (force)`);
    await client.end();
  });
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${database}`;

  // Object storage: s3rver with the bucket.
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: join(work, 's3'),
    configureBuckets: [{ name: 'canopy' }],
  });
  const { port: s3Port } = await s3.run();
  cleanups.push(() => s3.close());

  // One analytics emulator both instances share, with credentials of this deployment.
  const emulatorCredentials = {
    CANOPY_EMULATOR_TENANT_ID: '5d0c2a1e-7b3f-4c8d-9e6a-0f1b2c3d4e5f',
    CANOPY_EMULATOR_CLIENT_ID: 'canopy-smoke',
    CANOPY_EMULATOR_CLIENT_SECRET: randomBytes(32).toString('base64url'),
  };
  const emulatorPort = await freePort();
  const emulator = launch(
    'emulator',
    process.execPath,
    [
      'packages/emulator/dist/cli.js',
      '--port',
      String(emulatorPort),
      '--host',
      '127.0.0.1',
      '--data-dir',
      join(work, 'emulator'),
    ],
    {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      CANOPY_EMULATOR_ROWS: '2000',
      ...emulatorCredentials,
    },
  );
  const emulatorUrl = `http://127.0.0.1:${emulatorPort}`;
  // Any answer means it listens (the REST API wants a token).
  await until(
    'the emulator',
    async () => (await fetch(`${emulatorUrl}/v1.0/myorg/groups`)).status > 0,
  );

  // The proxy's port first: the instances build mailed links from it. Its certificate is made for
  // this run; the script only talks to loopback, so it skips verifying it (Chromium is told too).
  const proxyPort = await freePort();
  const proxyUrl = `https://127.0.0.1:${proxyPort}`;
  const nginxDir = join(work, 'nginx');
  mkdirSync(join(nginxDir, 'logs'), { recursive: true });
  const certificate = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(nginxDir, 'key.pem'),
      '-out',
      join(nginxDir, 'cert.pem'),
    ],
    { encoding: 'utf8' },
  );
  if (certificate.status !== 0)
    fail(`openssl could not make a certificate: ${certificate.stderr || certificate.error}`);
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  const dataDir = join(work, 'data');
  const adminAccount = { email: 'admin@smoke.test', password: 'Smoke-Admin-1' };
  const instanceEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl.toString(),
    // Shared by both: the outbox is where this script reads invitation links.
    CANOPY_DATA_DIR: dataDir,
    CANOPY_PUBLIC_URL: proxyUrl,
    // As deploy/systemd documents for nginx on the same host.
    CANOPY_TRUST_PROXY: 'loopback',
    CANOPY_JWT_SECRET: randomBytes(48).toString('base64url'),
    CANOPY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    CANOPY_MAIL: 'outbox',
    CANOPY_ANALYTICS: 'emulator',
    CANOPY_EMULATOR_URL: emulatorUrl,
    ...emulatorCredentials,
    CANOPY_STORAGE: 's3',
    CANOPY_S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    CANOPY_S3_BUCKET: 'canopy',
    CANOPY_S3_ACCESS_KEY_ID: 'S3RVER',
    CANOPY_S3_SECRET_ACCESS_KEY: 'S3RVER',
    // Every request of this script comes from one address: the global per-address limit would
    // get in the way (the auth limits stay on; the sign-in flood below checks them).
    CANOPY_RATE_LIMIT_PER_MINUTE: '0',
    // Production asks super admins for a second factor by default; this script checks the
    // deployment's plumbing with a password sign-in. Two-step sign-in has its own server and
    // Chromium tests (server/test/routes/auth/mfa-*.test.ts, portal/test/two-step.test.ts).
    CANOPY_REQUIRE_MFA_SUPERADMINS: 'false',
    CANOPY_SYNC_INTERVAL_MINUTES: '0',
  };
  const startInstance = async (name, extra = {}) => {
    const child = launch(name, process.execPath, ['server/dist/server.js'], {
      ...instanceEnv,
      ...extra,
    });
    const url = await until(`${name} to listen`, async () => {
      const match = /start-up: listening on (http:\/\/[^\s"]+)/.exec(child.log.text);
      if (match) return match[1];
      if (child.exitCode !== null) fail(`${name} exited:\n${child.log.text}`);
      return undefined;
    });
    await until(`${name} to be ready`, async () => (await fetch(`${url}/api/ready`)).ok);
    return { child, url, port: Number(new URL(url).port) };
  };
  // One after the other: the first creates the super administrator.
  const one = await startInstance('instance 1', {
    CANOPY_ADMIN_EMAIL: adminAccount.email,
    CANOPY_ADMIN_PASSWORD: adminAccount.password,
  });
  const two = await startInstance('instance 2');

  // The shipped file, with this run's ports and certificate in place of the example ones.
  const httpPort = await freePort();
  const shipped = readFileSync(join(root, 'deploy', 'nginx', 'canopy.conf'), 'utf8');
  const substitutions = [
    ['127.0.0.1:5310', one.url.replace('http://', '')],
    ['127.0.0.1:5311', two.url.replace('http://', '')],
    ['listen 80;', `listen 127.0.0.1:${httpPort};`],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${proxyPort} ssl http2;`],
    ['/etc/letsencrypt/live/portal.example.com/fullchain.pem', join(nginxDir, 'cert.pem')],
    ['/etc/letsencrypt/live/portal.example.com/privkey.pem', join(nginxDir, 'key.pem')],
  ];
  let site = shipped;
  for (const [from, to] of substitutions) {
    if (!site.includes(from)) fail(`deploy/nginx/canopy.conf no longer has "${from}"`);
    site = site.replace(from, to);
  }
  writeFileSync(join(nginxDir, 'canopy.conf'), site);
  writeFileSync(
    join(nginxDir, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
pid ${nginxDir}/nginx.pid;
error_log ${nginxDir}/logs/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${nginxDir}/body;
  proxy_temp_path ${nginxDir}/proxy;
  fastcgi_temp_path ${nginxDir}/fastcgi;
  uwsgi_temp_path ${nginxDir}/uwsgi;
  scgi_temp_path ${nginxDir}/scgi;
  include ${nginxDir}/canopy.conf;
}
`,
  );
  const proxy = launch(
    'nginx',
    nginx,
    ['-p', nginxDir, '-c', join(nginxDir, 'nginx.conf'), '-g', 'daemon off;'],
    {
      PATH: process.env.PATH,
    },
  );
  await until('nginx', async () => (await fetch(`${proxyUrl}/api/ready`)).ok);
  const redirect = await fetch(`http://127.0.0.1:${httpPort}/login`, { redirect: 'manual' });
  if (redirect.status !== 301 || !redirect.headers.get('location')?.startsWith('https://'))
    fail(`plain HTTP is not sent to HTTPS: ${redirect.status} ${redirect.headers.get('location')}`);
  passed.push(
    'the shipped nginx config (TLS, HTTP/2) → 2 compiled instances ready (PostgreSQL, s3rver, shared emulator)',
  );

  // Sign in, make a tenant (its workspace in the emulator); creating it invites its administrator,
  // who activates.
  const anonymous = api(proxyUrl);
  const signIn = (email, password) => anonymous.post('/api/auth/login', { email, password });
  const superAdmin = api(proxyUrl, (await signIn(adminAccount.email, adminAccount.password)).token);
  const tenant = await superAdmin.post('/api/admin/tenants', {
    name: 'Smoke Company',
    adminEmail: 'boss@smoke.test',
    createPowerBIWorkspace: true,
  });
  if (!tenant.powerBiGroupId) fail('the tenant has no workspace');
  const activate = async (email, password) => {
    const token = await until(`the invitation to ${email}`, async () => {
      const outbox = join(dataDir, 'outbox');
      for (const name of readdirSync(outbox)) {
        const mail = JSON.parse(readFileSync(join(outbox, name), 'utf8'));
        const match = mail.to === email && /reset-password\?token=([\w%-]+)/.exec(mail.text);
        if (match) {
          if (!mail.text.includes(`${proxyUrl}/reset-password`))
            fail(`link not on CANOPY_PUBLIC_URL: ${mail.text}`);
          return decodeURIComponent(match[1]);
        }
      }
      return undefined;
    });
    await anonymous.post('/api/auth/reset-password', { token, newPassword: password });
    return signIn(email, password);
  };
  const bossSession = await activate('boss@smoke.test', 'Smoke-Boss-1');
  const boss = api(proxyUrl, bossSession.token);
  const viewerUser = await boss.post('/api/users', {
    email: 'viewer@smoke.test',
    tenantId: tenant.id,
    role: 'Viewer',
  });
  const viewerToken = (await activate('viewer@smoke.test', 'Smoke-Viewer-1')).token;
  const viewer = api(proxyUrl, viewerToken);
  passed.push('sign-in, tenant with workspace, invitation and activation of an admin and a viewer');

  // Grant a report to the viewer and open it: embed token, then the embed page it names.
  const groupId = tenant.powerBiGroupId;
  const { reports } = await superAdmin.post('/api/admin/powerbi/reports', { groupId });
  const report = reports[0] ?? fail('the tenant workspace has no report');
  await superAdmin.post('/api/powerbi/permissions/grant', {
    userId: viewerUser.id,
    reportId: report.id,
    workspaceId: groupId,
    tenantId: tenant.id,
  });
  const visible = (await viewer.post('/api/powerbi/reports', { groupId })).reports;
  if (!visible.some((r) => r.id === report.id))
    fail('the granted report is not listed for the viewer');
  const embed = await viewer.post('/api/powerbi/embed-token', { reportId: report.id, groupId });
  const page = await fetch(embed.embedUrl);
  if (!page.ok || !(await page.text()).includes('<'))
    fail(`embed page ${embed.embedUrl}: ${page.status}`);
  passed.push('report granted, listed and opened (embed token + embed page)');
  passed.push(await renderReport(proxyUrl, 'viewer@smoke.test', 'Smoke-Viewer-1', report.id));

  // Chat: the viewer's event stream goes through the proxy (to either instance); the admin sends
  // once through each instance directly, so one message crosses instances whichever holds it.
  const { ticket } = await viewer.post('/api/events/ticket', {});
  const controller = new AbortController();
  const stream = await fetch(`${proxyUrl}/api/events?ticket=${encodeURIComponent(ticket)}`, {
    signal: controller.signal,
  });
  if (!stream.ok) fail(`event stream: ${stream.status}`);
  let streamed = '';
  const reading = (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of stream.body) streamed += decoder.decode(chunk, { stream: true });
    } catch {
      // aborted at the end
    }
  })();
  const key = [viewerUser.id, bossSession.id].sort().join('_');
  const sentThrough = [];
  for (const instance of [one, two]) {
    const sent = await api(instance.url, boss.token).post(`/api/messages/${key}`, {
      content: `hello through ${instance.url}`,
    });
    sentThrough.push(sent.id);
  }
  await until('both messages on the stream', async () =>
    sentThrough.every((id) => streamed.includes(id)),
  );
  passed.push('chat delivered live to a stream behind the proxy from both instances');

  // An image uploaded through one instance, read through the other and through the proxy.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );
  const form = new FormData();
  form.set('content', 'a picture');
  form.set('image', new Blob([png], { type: 'image/png' }), 'smoke.png');
  const withImage = await fetch(`${one.url}/api/messages/${key}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${boss.token}` },
    body: form,
  }).then((res) => json(res, 'send an image'));
  for (const base of [two.url, proxyUrl]) {
    const image = await fetch(`${base}${withImage.imageUrl}`);
    const bytes = Buffer.from(await image.arrayBuffer());
    if (!image.ok || !bytes.equals(png)) fail(`image through ${base}: ${image.status}`);
  }
  passed.push('image uploaded through instance 1, read through instance 2 and the proxy');

  passed.push(await spoofedAddresses(proxyUrl, adminAccount));

  // SIGTERM instance 1 under load: reads through the proxy keep succeeding (nginx retries a
  // refused connection or a 503 on the other instance; reads are idempotent).
  let requests = 0;
  const failures = [];
  let loading = true;
  const load = async () => {
    while (loading) {
      for (const path of ['/api/ready', `/api/users/chat/${tenant.id}`]) {
        requests += 1;
        try {
          const res = await fetch(`${proxyUrl}${path}`, {
            headers: { authorization: `Bearer ${viewerToken}` },
          });
          if (!res.ok) failures.push(`${path}: ${res.status}`);
          await res.arrayBuffer();
        } catch (error) {
          failures.push(`${path}: ${error.message}`);
        }
      }
    }
  };
  const loaders = Array.from({ length: 4 }, load);
  await until('some load', async () => requests >= 40);
  const termSent = performance.now();
  one.child.kill('SIGTERM');
  const stopped = await Promise.race([
    one.child.exited,
    new Promise((done) => setTimeout(() => done(undefined), 30_000)),
  ]);
  if (!stopped) fail('instance 1 did not stop within 30 s of SIGTERM');
  if (stopped.code !== 0)
    fail(
      `instance 1 exited with ${stopped.code ?? stopped.signal}:\n${one.child.log.text.slice(-2000)}`,
    );
  const drainMs = Math.round(performance.now() - termSent);
  const afterStop = requests;
  await until('load after the stop', async () => requests >= afterStop + 40);
  loading = false;
  await Promise.all(loaders);
  if (failures.length > 0)
    fail(`${failures.length} of ${requests} requests failed: ${failures.slice(0, 5).join('; ')}`);
  passed.push(
    `SIGTERM to instance 1 under load: it drained in ${drainMs} ms and exited 0, ${requests} reads through the proxy, none failed`,
  );

  controller.abort();
  await reading;
  proxy.kill('SIGTERM');
  two.child.kill('SIGTERM');
  emulator.kill('SIGTERM');
}

try {
  await main();
  console.log(
    `smoke:deploy passed in ${Math.round((Date.now() - started) / 1000)} s: ${passed.join('; ')}`,
  );
  process.exitCode = 0;
} catch (error) {
  console.error(`smoke:deploy FAILED: ${error.message}`);
  for (const child of children) {
    if (child.log.text)
      console.error(
        `--- ${child.label} (last lines)\n${child.log.text.split('\n').slice(-15).join('\n')}`,
      );
  }
  process.exitCode = 1;
} finally {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  // Bounded: a cleanup that hangs must not hold CI.
  for (const cleanup of cleanups.reverse()) {
    await Promise.race([
      Promise.resolve()
        .then(cleanup)
        .catch(() => undefined),
      new Promise((done) => setTimeout(done, 10_000).unref()),
    ]);
  }
  rmSync(work, { recursive: true, force: true });
  // s3rver and pg may keep sockets open a while after closing: do not wait for them.
  process.exit(process.exitCode);
}

/**
 * A client that writes its own X-Forwarded-For through the shipped nginx: the session records the
 * address nginx saw, and a sign-in flood claiming a new address each time is cut off by the auth
 * limit. nginx alternates between the instances, so a 429 within the limit also shows that both
 * count into one window (each on its own would allow the limit again).
 */
async function spoofedAddresses(proxyUrl, account) {
  const lie = () =>
    `${1 + Math.floor(Math.random() * 222)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
  const signIn = (body) =>
    fetch(`${proxyUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `${lie()}, ${lie()}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(STEP_LIMIT_MS),
    });
  const { token } = await json(await signIn(account), 'sign-in with a spoofed X-Forwarded-For');
  const { sessions } = await api(proxyUrl, token).get('/api/account/sessions');
  const from = sessions.find((session) => session.current)?.ip;
  if (from !== '127.0.0.1') fail(`the session records "${from}", not the client's 127.0.0.1`);

  // 20 sign-ins a minute per address and route (AUTH_RATE_LIMIT); the ones above already count.
  const statuses = [];
  for (let i = 0; i < 30; i++) {
    const res = await signIn({ email: `flood-${i}@smoke.test`, password: 'Wrong-Password-1' });
    await res.arrayBuffer();
    statuses.push(res.status);
  }
  const first = statuses.indexOf(429);
  if (first === -1 || first >= 20)
    fail(`a spoofed sign-in flood was not limited within 20 attempts: ${statuses.join(' ')}`);
  if (statuses.slice(first).some((status) => status !== 429))
    fail(`the limit let attempts through again: ${statuses.join(' ')}`);
  if (statuses.slice(0, first).some((status) => status !== 401))
    fail(`unexpected answers before the limit: ${statuses.join(' ')}`);
  return `spoofed X-Forwarded-For ignored: the session shows the real address, a flood is cut at attempt ${first + 1} across both instances`;
}

/**
 * The viewer signs in to the portal through the proxy in Chromium (Debian's, never a downloaded
 * one) and opens the report until the library says the emulator's frame has rendered it. The flags
 * are those of packages/test-utils' launcher (that package is TypeScript; this script is plain JS).
 */
async function renderReport(proxyUrl, email, password, reportId) {
  const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    if (process.env.CI) fail(`Chromium not found at ${executablePath}`);
    return 'report not rendered: no Chromium here (CHROMIUM_PATH)';
  }
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const page = await browser.newPage({ baseURL: proxyUrl, ignoreHTTPSErrors: true });
    page.setDefaultTimeout(STEP_LIMIT_MS);
    await page.goto('/login');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`/tenant/reports/${reportId}`);
    await page.locator('.report-frame__embed[data-embed-status="rendered"]').waitFor();
  } catch (error) {
    fail(
      `the report did not render in Chromium: ${error instanceof Error ? error.message : error}`,
    );
  } finally {
    await browser.close();
  }
  return 'report rendered in Chromium through the proxy (portal sign-in, embed, rendered event)';
}
