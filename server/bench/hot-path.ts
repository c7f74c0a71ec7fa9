/**
 * The hot path (issue 19): throughput of signed-in reads as a ratio of the server's own
 * `/api/health` (one `select 1`), measured in the same run, on PostgreSQL. Ratios, not absolute
 * figures: this 2-core machine is shared, and its load changes from one minute to the next.
 * - `GET /api/users/tenant/{id}` with 52 people: target ≥ 0.5×, as a super administrator (the
 *   service path) and as the tenant's Admin (row-level security: each query a transaction as the
 *   tenant role, docs/decisions/0002-tenant-separation-in-two-lines.md);
 * - a no-news chat poll (`GET /api/messages/{key}?since=<newest>`): target ≥ 1.0× (no query).
 * The server runs in its own process (src/server.ts); autocannon runs in this one. The three
 * routes are measured in turn, ROUNDS times (BENCH_ROUNDS, BENCH_SECONDS, BENCH_CONNECTIONS), so
 * a burst of load from elsewhere hits all of them; each round's ratio is to that round's health
 * figure, and the median ratio is the figure.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { seed, signAccessToken } from './chat/seed.ts';
import { benchDatabase, ms, startServerProcess } from './support.ts';

const ADMIN = { email: 'hot-path-admin@example.com', password: 'Bench-Admin-1' };
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

const secret = randomBytes(32).toString('hex');
const database = await benchDatabase();
const server = await startServerProcess({
  DATABASE_URL: database.url,
  CANOPY_JWT_SECRET: secret,
  CANOPY_ADMIN_EMAIL: ADMIN.email,
  CANOPY_ADMIN_PASSWORD: ADMIN.password,
  // The local stand-ins, chosen explicitly (the bench runs with NODE_ENV=production).
  CANOPY_ANALYTICS: 'emulator',
  CANOPY_MAIL: 'outbox',
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
      name: 'Hot Path Tenant',
      adminEmail: 'owner@hot-path.example',
      createPowerBIWorkspace: false,
    }),
  });
  for (let i = 0; i < 51; i++) {
    await json(`${server.url}/api/users`, {
      method: 'POST',
      token: admin.token,
      body: JSON.stringify({
        email: `user${i}@hot-path.example`,
        tenantId,
        role: i === 0 ? 'Admin' : 'Viewer',
      }),
    });
  }
  const listed = await json<{ users: unknown[] }>(`${server.url}/api/users/tenant/${tenantId}`, {
    token: admin.token,
  });
  // The 51 added and the tenant's administrator, invited when the tenant was created.
  if (listed.users.length !== 52) throw new Error(`expected 52 people, got ${listed.users.length}`);

  // The tenant's Admin, signed in with a session written straight into the database: their
  // requests run in the tenant's scope, the super administrator's on the service path.
  const ownerId = (listed.users as { id: string; email: string }[]).find(
    (person) => person.email === 'user0@hot-path.example',
  )?.id;
  if (!ownerId) throw new Error('the Admin is not in the list');
  const sessionId = randomUUID();
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query(
    `insert into sessions (id, user_id, expires_at) values ($1, $2, now() + interval '1 day')`,
    [sessionId, ownerId],
  );
  await client.end();
  const ownerToken = signAccessToken(secret, ownerId, sessionId);
  const asOwner = await fetch(`${server.url}/api/users/tenant/${tenantId}`, {
    headers: { authorization: `Bearer ${ownerToken}` },
  });
  if (!asOwner.ok) throw new Error(`list as the Admin: ${asOwner.status}`);

  // Chat: people with live sessions and a conversation each, seeded straight into the database.
  const { pairs } = await seed(database.url, secret, 2 * CONNECTIONS, 20);
  const polls = pairs.flatMap((pair) =>
    [pair.a, pair.b].map((person) => ({
      token: person.token,
      path: `/api/messages/${pair.key}?since=${encodeURIComponent(pair.since)}`,
    })),
  );
  for (const poll of polls) {
    const res = await fetch(`${server.url}${poll.path}`, {
      headers: { authorization: `Bearer ${poll.token}` },
    });
    if (!res.ok || (await res.text()) !== '[]') throw new Error(`poll: ${res.status}`);
  }
  let nextPoller = 0;

  const targets: { name: string; options: autocannon.Options }[] = [
    { name: 'GET /api/health', options: { url: `${server.url}/api/health` } },
    {
      name: 'GET /api/users/tenant/{id} (52 people), as a super administrator (service path)',
      options: {
        url: `${server.url}/api/users/tenant/${tenantId}`,
        headers: { authorization: `Bearer ${admin.token}` },
      },
    },
    {
      name: 'GET /api/users/tenant/{id} (52 people), as the tenant Admin (RLS)',
      options: {
        url: `${server.url}/api/users/tenant/${tenantId}`,
        headers: { authorization: `Bearer ${ownerToken}` },
      },
    },
    {
      name: 'GET /api/messages/{key}?since= (no news)',
      options: {
        url: server.url,
        requests: [
          {
            // Each connection is one person polling their own conversation.
            setupRequest: (request, context: { poller?: number }) => {
              context.poller ??= nextPoller++ % polls.length;
              const poll = polls[context.poller]!;
              return {
                ...request,
                path: poll.path,
                headers: { authorization: `Bearer ${poll.token}` },
              };
            },
          },
        ],
      },
    },
  ];
  const measure = (options: autocannon.Options, duration: number) =>
    run({ connections: CONNECTIONS, duration, ...options });

  for (const target of targets) await measure(target.options, 2); // warm-up, discarded
  const results = targets.map(() => [] as autocannon.Result[]);
  for (let round = 0; round < ROUNDS; round++) {
    // Each round starts with a different route, so a slow spell does not always hit the same one.
    for (let k = 0; k < targets.length; k++) {
      const i = (round + k) % targets.length;
      results[i]!.push(await measure(targets[i]!.options, SECONDS));
    }
  }

  const health = results[0]!;
  console.log(
    `\n## Hot path — ${new Date().toISOString().slice(0, 16)} UTC, PostgreSQL, server in its own process, autocannon (${CONNECTIONS} connections, ${SECONDS} s × ${ROUNDS} rounds) in this one\n`,
  );
  console.log(
    '| route | req/s (median) | × /api/health (median, per round) | p50 | p99 | non-2xx |',
  );
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const [i, target] of targets.entries()) {
    const rows = results[i]!;
    const ratios = rows.map((r, round) => r.requests.average / health[round]!.requests.average);
    console.log(
      `| ${target.name} | ${median(rows.map((r) => r.requests.average)).toFixed(0)} | ${
        i === 0
          ? '1.00'
          : `**${median(ratios).toFixed(2)}** (${ratios.map((r) => r.toFixed(2)).join(', ')})`
      } | ${ms(median(rows.map((r) => r.latency.p50)))} | ${ms(median(rows.map((r) => r.latency.p99)))} | ${rows.reduce((n, r) => n + r.non2xx, 0)} |`,
    );
  }
  console.log('\nTargets: the user list ≥ 0.50×, the no-news poll ≥ 1.00×.');
} finally {
  await server.stop();
  await database.drop();
}
