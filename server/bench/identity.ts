/**
 * Identity benchmark (issue 9): sign-in throughput and latency, and the tenant user list at a fixed
 * 1,000 req/s, against a real PostgreSQL through a separate server process. `pnpm bench`.
 * Target: the list's p99 < 50 ms at 1,000 req/s on this 2-core machine.
 */
import autocannon from 'autocannon';
import { benchDatabase, ms, startServerProcess } from './support.ts';

const ADMIN = { email: 'bench-admin@example.com', password: 'Bench-Admin-1' };

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

function run(options: autocannon.Options) {
  return new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(options, (error, result) =>
      error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result),
    ),
  );
}

const database = await benchDatabase();
const server = await startServerProcess({
  DATABASE_URL: database.url,
  CANOPY_ADMIN_EMAIL: ADMIN.email,
  CANOPY_ADMIN_PASSWORD: ADMIN.password,
  CANOPY_TRUST_PROXY: '1',
});
try {
  const admin = await json<{ token: string }>(`${server.url}/api/auth/login`, {
    method: 'POST',
    body: JSON.stringify(ADMIN),
  });
  const { id: tenantId } = await json<{ id: string }>(`${server.url}/api/admin/tenants`, {
    method: 'POST',
    token: admin.token,
    body: JSON.stringify({
      name: 'Bench Tenant',
      adminEmail: 'owner@bench.example',
      createPowerBIWorkspace: false,
    }),
  });
  for (let i = 0; i < 50; i++) {
    await json(`${server.url}/api/users`, {
      method: 'POST',
      token: admin.token,
      body: JSON.stringify({
        email: `user${i}@bench.example`,
        tenantId,
        role: i === 0 ? 'Admin' : 'Viewer',
      }),
    });
  }

  // Sign-in is deliberately expensive (argon2id: 19 MiB and 2 passes per attempt), so this measures
  // what one node sustains. Each request comes from its own forwarded address (the server trusts one
  // proxy hop here, as behind one nginx) so the per-address sign-in limit does not cut the run short.
  let address = 0;
  const login = await run({
    url: `${server.url}/api/auth/login`,
    method: 'POST',
    connections: 8,
    duration: 10,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': `10.${(++address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
          },
          body: JSON.stringify(ADMIN),
        }),
      },
    ],
  });

  const list = await run({
    url: `${server.url}/api/users/tenant/${tenantId}`,
    headers: { authorization: `Bearer ${admin.token}` },
    connections: 50,
    overallRate: 1000,
    duration: 10,
  });

  const lines = [
    `## Identity (issue 9) — ${new Date().toISOString().slice(0, 10)}, PostgreSQL 15, 2 cores, server and load generator in separate processes`,
    '',
    '| measure | requests | non-2xx | throughput | p50 | p99 |',
    '| --- | --- | --- | --- | --- | --- |',
    `| POST /api/auth/login (argon2id, 8 connections, 10 s) | ${login.requests.total} | ${login.non2xx} | ${login.requests.average.toFixed(0)} req/s | ${ms(login.latency.p50)} | ${ms(login.latency.p99)} |`,
    `| GET /api/users/tenant/{id} (51 users) at a fixed 1,000 req/s for 10 s | ${list.requests.total} | ${list.non2xx} | ${list.requests.average.toFixed(0)} req/s | ${ms(list.latency.p50)} | ${ms(list.latency.p99)} |`,
    '',
  ];
  console.log(lines.join('\n'));
} finally {
  await server.stop();
  await database.drop();
}
