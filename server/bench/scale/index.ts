/**
 * The data-scale benchmark: seeds sizes S, M and L (sizes.ts) into fresh PostgreSQL databases,
 * starts the server in its own process on each, and times every endpoint case (cases/, one file
 * per area) as p50/p95 and as a ratio to the server's own `GET /api/health` p50 in the same run;
 * exports also report the server's peak resident memory. Then the growth of each case's p50 from
 * the first size to the last. Targets: no case grows more than 2× from S to L, none above 20×
 * health at L.
 *
 *   pnpm --filter @canopy/server bench:scale
 *     BENCH_SIZES=S,M,L (default S,M)  BENCH_ROUNDS=15  BENCH_ONLY=audit,groups (areas)
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import pg from 'pg';
import { signAccessToken } from '../chat/seed.ts';
import { benchDatabase, startServerProcess } from '../support.ts';
import type { ScaleCase, ScaleContext } from './case.ts';
import { scaleCases } from './cases/index.ts';
import { fixed, quantile, rssMiB, send, timeRequest, type Timing } from './measure.ts';
import { seedScale } from './seed.ts';
import { chosenSizes, type ScaleSize } from './sizes.ts';

const ADMIN = { email: 'scale-admin@example.com', password: 'Bench-Admin-1' };
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const ONLY = process.env.BENCH_ONLY?.split(',').map((area) => area.trim());
const cases = scaleCases.filter((c) => !ONLY || ONLY.includes(c.area));

interface Measured {
  scaleCase: ScaleCase;
  timing: Timing;
}
interface SizeResult {
  size: ScaleSize;
  seedSeconds: number;
  health: number[];
  baseRss: number;
  measured: Measured[];
}

async function session(db: pg.Client, secret: string, userId: string): Promise<string> {
  const sessionId = randomUUID();
  await db.query(
    `insert into sessions (id, user_id, expires_at) values ($1, $2, now() + interval '1 day')`,
    [sessionId, userId],
  );
  return signAccessToken(secret, userId, sessionId);
}

/** A port nothing listens on now (the machine is shared: a fixed or random one may be taken). */
const freePort = () =>
  new Promise<string>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(String(typeof address === 'object' && address ? address.port : 0)));
    });
  });

async function runSize(size: ScaleSize): Promise<SizeResult> {
  const secret = randomBytes(32).toString('hex');
  const database = await benchDatabase();
  const server = await startServerProcess({
    PORT: await freePort(),
    DATABASE_URL: database.url,
    CANOPY_JWT_SECRET: secret,
    CANOPY_ADMIN_EMAIL: ADMIN.email,
    CANOPY_ADMIN_PASSWORD: ADMIN.password,
    CANOPY_ANALYTICS: 'emulator',
    CANOPY_MAIL: 'outbox',
  });
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  try {
    const seedStart = performance.now();
    const seeded = await seedScale(database.url, size);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { token: superAdmin } = (await login.json()) as { token: string };
    const created = await fetch(`${server.url}/api/admin/tenants`, {
      method: 'POST',
      headers: { authorization: `Bearer ${superAdmin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Scale workspace tenant', adminEmail: 'owner@ws.example' }),
    });
    if (!created.ok) throw new Error(`create tenant: ${created.status} ${await created.text()}`);
    const workspace = (await created.json()) as { id: string; powerBiGroupId: string };
    // The super administrator's list stores the workspace's reports; the Viewer gets them all.
    await send(server.url, superAdmin, {
      method: 'POST',
      path: '/api/admin/powerbi/reports',
      body: { groupId: workspace.powerBiGroupId },
    });
    const {
      rows: [viewer],
    } = await db.query<{ id: string }>(
      `insert into users (email, tenant_id) values ('viewer@ws.example', $1) returning id`,
      [workspace.id],
    );
    await db.query(`insert into user_roles (user_id, role) values ($1, 'Viewer')`, [viewer!.id]);
    await db.query(
      `insert into report_grants (user_id, report_id, tenant_id)
       select $1, id, tenant_id from reports where tenant_id = $2`,
      [viewer!.id, workspace.id],
    );
    const context: ScaleContext = {
      size,
      url: server.url,
      superAdmin,
      db,
      largeTenant: {
        id: seeded.largeTenantId,
        admin: await session(db, secret, seeded.largeAdminId),
        viewer: await session(db, secret, seeded.largeViewerId),
      },
      workspaceTenant: {
        id: workspace.id,
        powerBiGroupId: workspace.powerBiGroupId,
        viewer: await session(db, secret, viewer!.id),
      },
    };
    const pid = server.child.pid!;
    const health = async () =>
      (await timeRequest(() => send(server.url, superAdmin, { path: '/api/health' }), ROUNDS * 4))
        .times;
    const before = await health();
    const baseRss = rssMiB(pid);
    const measured: Measured[] = [];
    for (const scaleCase of cases) {
      const request = await scaleCase.prepare(context);
      const timing = await timeRequest(
        () => send(server.url, request.token ?? superAdmin, request),
        ROUNDS,
        scaleCase.rss ? pid : undefined,
      );
      measured.push({ scaleCase, timing });
      console.error(
        `${size.name} ${scaleCase.area}: ${scaleCase.name}: p50 ${fixed(quantile(timing.times, 0.5))} ms`,
      );
    }
    return { size, seedSeconds, health: [...before, ...(await health())], baseRss, measured };
  } finally {
    await db.end();
    await server.stop();
    await database.drop();
  }
}

const results: SizeResult[] = [];
const load = loadavg()
  .map((n) => n.toFixed(1))
  .join(', ');
for (const size of chosenSizes()) {
  console.error(`seeding ${size.name}…`);
  results.push(await runSize(size));
}

const lines = [
  `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load average before: ${load}; ${ROUNDS} rounds per case after one warm-up.`,
  '',
];
for (const result of results) {
  const { size } = result;
  const healthP50 = quantile(result.health, 0.5);
  lines.push(
    `### ${size.name}: ${size.tenants.toLocaleString('en-US')} tenants, ${size.people.toLocaleString('en-US')} people, ${size.auditEvents.toLocaleString('en-US')} audit events, ${size.usageEvents.toLocaleString('en-US')} usage events (seeded in ${result.seedSeconds.toFixed(0)} s)`,
    '',
    `GET /api/health: p50 ${fixed(healthP50)} ms, p95 ${fixed(quantile(result.health, 0.95))} ms; server RSS before the cases ${fixed(result.baseRss)} MiB.`,
    '',
    '| area | case | p50 ms | p95 ms | p50 ÷ health | bytes | peak RSS MiB |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...result.measured.map(({ scaleCase, timing }) => {
      const p50 = quantile(timing.times, 0.5);
      return `| ${scaleCase.area} | ${scaleCase.name} | ${fixed(p50)} | ${fixed(quantile(timing.times, 0.95))} | ${fixed(p50 / healthP50)} | ${timing.bytes.toLocaleString('en-US')} | ${timing.peakRss === undefined ? '' : fixed(timing.peakRss)} |`;
    }),
    '',
  );
}
if (results.length > 1) {
  const first = results[0]!;
  const last = results.at(-1)!;
  const ratio = (r: SizeResult, i: number) =>
    quantile(r.measured[i]!.timing.times, 0.5) / quantile(r.health, 0.5);
  lines.push(
    `### Growth ${first.size.name} → ${last.size.name} (p50; as a ratio to health, which absorbs the machine's load)`,
    '',
    `| area | case | p50 ${first.size.name} | p50 ${last.size.name} | growth | ÷ health ${last.size.name} | growth of ÷ health |`,
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...first.measured.map(({ scaleCase }, i) => {
      const a = quantile(first.measured[i]!.timing.times, 0.5);
      const b = quantile(last.measured[i]!.timing.times, 0.5);
      return `| ${scaleCase.area} | ${scaleCase.name} | ${fixed(a)} | ${fixed(b)} | ${(b / a).toFixed(1)}× | ${fixed(ratio(last, i))} | ${(ratio(last, i) / ratio(first, i)).toFixed(1)}× |`;
    }),
    '',
  );
}
console.log(lines.join('\n'));
