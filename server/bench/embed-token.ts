/**
 * Embed-token benchmark (issue 10): latency of POST /api/admin/powerbi/embed-token — the call the
 * SPA makes to open and renew a report — with the emulator answering at once and with 100 ms added
 * to every REST call. The service principal's token is cached, so each issue is one analytics call
 * (GenerateToken) plus database reads. `pnpm --filter @canopy/server bench:embed`.
 *
 * Server and emulator run in this process on PGlite, over real HTTP on loopback (autocannon).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator } from '@canopy/emulator';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import app from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createDatabase } from '../src/db/create-database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { localAnalyticsSettings } from '../src/modules/analytics/start-local-analytics.ts';
import { ensureSuperAdmin } from '../src/modules/users/bootstrap-admin.ts';

const ADMIN = { email: 'bench-admin@example.com', password: 'Bench-Admin-1' };
const dataDir = mkdtempSync(join(tmpdir(), 'canopy-bench-embed-'));

async function json<T>(url: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const res = await fetch(url, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const run = (options: autocannon.Options) =>
  new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(options, (error, result) =>
      error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result),
    ),
  );

const emulator = await startEmulator({ populateNewWorkspaces: false, rows: 20_000 });
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  CANOPY_DATA_DIR: dataDir,
  CANOPY_JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
  CANOPY_ADMIN_EMAIL: ADMIN.email,
  CANOPY_ADMIN_PASSWORD: ADMIN.password,
});
const database = await createDatabase({ kind: 'pglite', dataDir });
await migrateToLatest(database.db);
const server = Fastify({ logger: false });
await server.register(app, {
  config,
  database,
  analytics: localAnalyticsSettings(emulator),
  rateLimitPerMinute: 0,
});
await ensureSuperAdmin(database.db, config.admin);
await server.listen({ port: 0, host: '127.0.0.1' });
const address = server.server.address();
const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

try {
  const { token } = await json<{ token: string }>(`${url}/api/auth/login`, {
    method: 'POST',
    body: JSON.stringify(ADMIN),
  });
  const tenant = await json<{ powerBiGroupId: string }>(`${url}/api/admin/tenants`, {
    method: 'POST',
    token,
    body: JSON.stringify({ name: 'Bench Tenant', adminEmail: 'owner@bench.example' }),
  });
  const groupId = tenant.powerBiGroupId;
  const { reports } = await json<{ reports: { id: string }[] }>(
    `${url}/api/admin/powerbi/reports`,
    { method: 'POST', token, body: JSON.stringify({ groupId }) },
  );
  const body = JSON.stringify({ groupId, reportId: reports[0]?.id });

  const rows: string[] = [];
  for (const latencyMs of [0, 100]) {
    await json(`${emulator.url}/_emulator/admin/knobs`, {
      method: 'POST',
      body: JSON.stringify({ latencyMs }),
    });
    const result = await run({
      url: `${url}/api/admin/powerbi/embed-token`,
      method: 'POST',
      connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
      duration: 10,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body,
    });
    const failed = result.non2xx + result.errors;
    rows.push(
      `| ${latencyMs} ms | ${result.latency.p50} ms | ${result.latency.p99} ms | ${Math.round(result.requests.average)} | ${result.requests.total} | ${failed} |`,
    );
  }
  console.log('| emulator latency | p50 | p99 | req/s | requests | failed |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const row of rows) console.log(row);
} finally {
  await server.close();
  await database.close();
  await emulator.close();
  rmSync(dataDir, { recursive: true, force: true });
}
